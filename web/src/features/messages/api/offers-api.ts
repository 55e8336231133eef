import type { MessageDto } from '@common/schemas/chats';
import type { MakeOfferBody, OfferDto } from '@common/schemas/offers';
import { api } from '../../../lib/api';

/** Makes an offer on the chat's listing: the message that carries it (ADR 051). */
export function makeOffer(chatId: string, body: MakeOfferBody): Promise<MessageDto> {
  return api<MessageDto>(`/api/chats/${encodeURIComponent(chatId)}/offers`, {
    method: 'POST',
    json: body,
  });
}

/** Counters an offer (the seller): the message carrying the new one. */
export function counterOffer(offerId: string, body: MakeOfferBody): Promise<MessageDto> {
  return api<MessageDto>(`/api/offers/${encodeURIComponent(offerId)}/counter`, {
    method: 'POST',
    json: body,
  });
}

/** Accept or decline (whom it was made to), withdraw (the buyer). */
export function answerOffer(
  offerId: string,
  answer: 'accept' | 'decline' | 'withdraw',
): Promise<OfferDto> {
  return api<OfferDto>(`/api/offers/${encodeURIComponent(offerId)}/${answer}`, {
    method: 'POST',
  });
}
