import type { MessageDto } from '@common/schemas/chats';
import type { MeetupDto, ProposeMeetupBody } from '@common/schemas/meetups';
import { api } from '../../../lib/api';

/** Suggests a meetup in the chat: the message that carries it (ADR 026). */
export function proposeMeetup(chatId: string, body: ProposeMeetupBody): Promise<MessageDto> {
  return api<MessageDto>(`/api/chats/${encodeURIComponent(chatId)}/meetups`, {
    method: 'POST',
    json: body,
  });
}

/** Accept or decline (the other student), cancel (the proposer). */
export function answerMeetup(
  meetupId: string,
  answer: 'accept' | 'decline' | 'cancel',
): Promise<MeetupDto> {
  return api<MeetupDto>(`/api/meetups/${encodeURIComponent(meetupId)}/${answer}`, {
    method: 'POST',
  });
}
