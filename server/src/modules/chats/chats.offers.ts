import type { Campus } from '@common/campuses';
import type { MessageDto } from '@common/schemas/chats';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import {
  type MakeOfferBody,
  OFFER_MESSAGES as M,
  OFFER_OPEN_MS,
  offerAnsweredText,
  offerMadeText,
  type OfferDto,
  type OfferStatus,
} from '@common/schemas/offers';
import { v7 as uuidv7 } from 'uuid';
import { conflict, forbidden, notFound } from '../../core/errors';
import * as chatPolicy from '../../core/policies/chat';
import * as offerPolicy from '../../core/policies/offer';
import * as postPolicy from '../../core/policies/post';
import { isUniqueViolation } from '../../db/errors';
import { factChange, factsChanged } from '../posts/posts.service';
import type { Executor, UserRow } from '../../db/schema';
import {
  deliverMessage,
  type MessageActionsDeps,
  otherOf,
  recipient,
  refuseIfBlocked,
} from './chats.messages';
import { offerFor, presentOffer } from './chats.presenter';
import { type ChatRow, chatsRepository as chats } from './chats.repository';
import { type OfferRow, offersRepository as offers } from './offers.repository';
import { checkMessage } from './scam-check';

/** Offers expired per run of the job; the next run takes the rest. */
const EXPIRED_PER_RUN = 200;

export type OfferAnswer = 'accept' | 'decline' | 'withdraw';
const CLOSED: Record<OfferAnswer, OfferStatus> = {
  accept: 'accepted',
  decline: 'declined',
  withdraw: 'withdrawn',
};

/**
 * Offers in a chat about a listing (ADR 051): the buyer offers, the seller
 * accepts, declines or counters, the buyer withdraws; 48 hours unanswered
 * and it expires.
 */
export interface OfferActions {
  /** An offer (the buyer) on the chat's listing: a message carrying it. */
  makeOffer(
    user: UserRow | null,
    campus: Campus,
    chatId: string,
    body: MakeOfferBody,
  ): Promise<MessageDto>;
  /** A counter-offer (the seller): the old one 'countered', the new one a message. */
  counterOffer(
    user: UserRow | null,
    campus: Campus,
    offerId: string,
    body: MakeOfferBody,
  ): Promise<MessageDto>;
  /** Accept or decline (the student it was made to), withdraw (the buyer); both hear it live. */
  answerOffer(
    user: UserRow | null,
    campus: Campus,
    offerId: string,
    answer: OfferAnswer,
  ): Promise<OfferDto>;
  /** Open offers past 48 hours become 'expired', each claimed by one server; both are told. */
  expireDueOffers(at?: number): Promise<number>;
  /**
   * The listing sold (ADR 061): its open offers become 'closed', each claimed
   * as an answer is; each buyer but the one it sold to hears it, and both
   * sides of each chat see the card change live. How many closed.
   */
  closeOffersOn(
    listingId: string,
    seller: { id: string; first_name: string },
    buyerId: string | null,
  ): Promise<number>;
}

/** The scam check over an offer's note, stored on its message for the recipient (ADR 018). */
async function checkNote(
  trx: Executor,
  messageId: string,
  note: string | null,
): Promise<string | null> {
  const findings = note ? checkMessage(note, { firstFromSender: false }) : [];
  if (findings.length === 0) return null;
  const warnings = JSON.stringify(findings);
  await trx.updateTable('messages').set({ warnings }).where('id', '=', messageId).execute();
  return warnings;
}

/** Stores an offer as a message of the chat; a counter closes the offer it answers. */
async function offerMessage(
  deps: MessageActionsDeps,
  user: UserRow,
  chat: ChatRow,
  listing: { id: string; author_id: string; campus_id: string },
  body: MakeOfferBody,
  counterOf: OfferRow | null,
): Promise<MessageDto> {
  const buyerId = counterOf ? counterOf.buyer_id : user.id;
  const note = body.note?.trim() || null;
  const text = offerMadeText(body.amount, counterOf !== null);
  try {
    return await deliverMessage(deps, {
      chat,
      user,
      text,
      body: { text, mediaIds: [] },
      also: async (trx, messageId, at) => {
        if (counterOf && !(await offers.close(trx, counterOf.id, 'countered', at)))
          throw conflict('offer_not_open', M.notOpen);
        await offers.insert(trx, {
          id: uuidv7(),
          campus_id: listing.campus_id,
          chat_id: chat.id,
          message_id: messageId,
          listing_id: listing.id,
          buyer_id: buyerId,
          seller_id: listing.author_id,
          from_id: user.id,
          amount: body.amount,
          note,
          status: 'open',
          counter_of: counterOf?.id ?? null,
          warnings: await checkNote(trx, messageId, note),
          created_at: at,
          expires_at: at + OFFER_OPEN_MS,
        });
      },
    });
  } catch (error) {
    // A concurrent offer by the same buyer on the same listing (offers_one_open).
    if (isUniqueViolation(error)) throw conflict('offer_open', M.oneOpen);
    throw error;
  }
}

/** Tells each student the offer's new state with what they may do now (ADR 044). */
async function tellBoth(
  { db, tellOne }: MessageActionsDeps,
  chat: ChatRow,
  offer: OfferRow,
  actorId: string,
  at: number,
) {
  const other = otherOf(chat, actorId);
  const [actor, theirs] = await Promise.all([
    recipient(db, actorId, other, at),
    recipient(db, other, actorId, at),
  ]);
  const messageId = offer.message_id;
  const mine = presentOffer(offer, actor);
  tellOne(actorId, chat, { type: 'offer.updated', messageId, offer: mine });
  tellOne(other, chat, { type: 'offer.updated', messageId, offer: offerFor(mine, theirs) });
}

/**
 * Closes an offer and notifies whom it concerns (but `skip`), in one
 * transaction; false if it was not open.
 */
async function close(
  deps: MessageActionsDeps,
  offer: OfferRow,
  status: OfferStatus,
  at: number,
  by: { id: string; first_name: string } | null,
  skip: string | null = null,
): Promise<boolean> {
  const { db, notifications } = deps;
  const announce = await db.kysely.transaction().execute(async (trx) => {
    if (!(await offers.close(trx, offer.id, status, at))) return null;
    if (status === 'accepted') await offers.markPending(trx, offer.listing_id, at);
    // A sale's buyer is asked for a review instead of hearing their offer closed (ADR 061).
    const to = (
      by
        ? [offer.buyer_id === by.id ? offer.seller_id : offer.buyer_id]
        : [offer.buyer_id, offer.seller_id]
    ).filter((id) => id !== skip);
    return notifications.notify(
      trx,
      to.map((toUserId) => ({
        type: 'offer' as const,
        toUserId,
        from: by ?? { id: offer.buyer_id === toUserId ? offer.seller_id : offer.buyer_id },
        chatId: offer.chat_id,
        postId: offer.listing_id,
        message: NOTIFICATION_TEXT.offer(
          '',
          offerAnsweredText(by?.first_name ?? '', status, offer.amount),
        ),
      })),
    );
  });
  announce?.();
  // The listing's status is shown on its page and cards: the posts cache hears of it (ADR 043).
  if (announce && status === 'accepted')
    deps.posts.changed(
      offer.campus_id,
      factsChanged(factChange['campus-lists'](), factChange.post(offer.listing_id)),
    );
  return announce !== null;
}

/** The offer and its chat; a stranger gets the chat's 404 before they learn of the offer. */
async function findOffer({ db }: MessageActionsDeps, offerId: string) {
  const offer = await offers.find(db.kysely, offerId);
  const chat = offer ? await chats.find(db.kysely, offer.chat_id) : undefined;
  return { found: offer, chat };
}
const existing = (offer: OfferRow | undefined): OfferRow => {
  if (!offer) throw notFound('offer_not_found', M.missingOffer);
  return offer;
};

/** The sold listing's open offers close, one claim each; whom they concern hear it (ADR 061). */
async function closeOffersOn(
  deps: MessageActionsDeps,
  listingId: string,
  seller: { id: string; first_name: string },
  buyerId: string | null,
): Promise<number> {
  const { db, now } = deps;
  const at = now();
  let closed = 0;
  for (const offer of await offers.openOn(db.kysely, listingId)) {
    if (!(await close(deps, offer, 'closed', at, seller, buyerId))) continue;
    closed++;
    const chat = await chats.find(db.kysely, offer.chat_id);
    const ended = { ...offer, status: 'closed', answered_at: at };
    if (chat) await tellBoth(deps, chat, ended, seller.id, at);
  }
  return closed;
}

/** Builds the offer actions of the chats service. */
export function createOfferActions(deps: MessageActionsDeps): OfferActions {
  const { db, now, log } = deps;

  return {
    async makeOffer(user, campus, chatId, body) {
      const chat = await chats.find(db.kysely, chatId);
      chatPolicy.canWrite(user, campus, chat);
      // A block answers first: what the listing's state is is none of a blocked student's business.
      await refuseIfBlocked(deps.blocks, user.id, otherOf(chat!, user.id));
      const listing = chat!.listing_id
        ? await offers.listing(db.kysely, chat!.listing_id)
        : undefined;
      offerPolicy.canMake(user, listing, body.amount);
      if (await offers.openOf(db.kysely, listing!.id, user.id))
        throw conflict('offer_open', M.oneOpen);
      return offerMessage(deps, user, chat!, listing!, body, null);
    },

    async counterOffer(user, campus, offerId, body) {
      const { found, chat } = await findOffer(deps, offerId);
      chatPolicy.canWrite(user, campus, chat);
      const offer = existing(found);
      offerPolicy.canAnswer(user, offer, now());
      if (offer.seller_id !== user.id) throw forbidden('not_your_offer', M.notYoursToAnswer);
      await refuseIfBlocked(deps.blocks, user.id, otherOf(chat!, user.id));
      const listing = await offers.listing(db.kysely, offer.listing_id);
      if (!listing || listing.status !== 'available')
        throw conflict('listing_not_available', M.notAvailable);
      offerPolicy.checkAmount(listing, body.amount);
      const message = await offerMessage(deps, user, chat!, listing, body, offer);
      await tellBoth(deps, chat!, { ...offer, status: 'countered' }, user.id, now());
      return message;
    },

    async answerOffer(user, campus, offerId, answer) {
      const { found, chat } = await findOffer(deps, offerId);
      chatPolicy.canWrite(user, campus, chat);
      const offer = existing(found);
      const at = now();
      if (answer === 'withdraw') offerPolicy.canWithdraw(user, offer, at);
      else offerPolicy.canAnswer(user, offer, at);
      await refuseIfBlocked(deps.blocks, user.id, otherOf(chat!, user.id));
      // Another buyer's accepted offer (or the seller) took the listing off the market first.
      if (answer === 'accept') {
        const listing = await offers.listing(db.kysely, offer.listing_id);
        if (listing?.status !== 'available')
          throw conflict('listing_not_available', M.notAvailable);
      }
      const status = CLOSED[answer];
      if (!(await close(deps, offer, status, at, user)))
        throw conflict('offer_not_open', M.notOpen);
      const closed = { ...offer, status, answered_at: at };
      await tellBoth(deps, chat!, closed, user.id, at);
      return presentOffer(closed, {
        viewer: postPolicy.postViewer(user),
        otherId: otherOf(chat!, user.id),
        now: at,
      });
    },

    async expireDueOffers(at = now()) {
      let expired = 0;
      for (const offer of await offers.due(db.kysely, at, EXPIRED_PER_RUN)) {
        try {
          if (!(await close(deps, offer, 'expired', at, null))) continue;
          expired++;
          const chat = await chats.find(db.kysely, offer.chat_id);
          if (chat) await tellBoth(deps, chat, { ...offer, status: 'expired' }, offer.buyer_id, at);
        } catch (error) {
          log(error);
        }
      }
      return expired;
    },

    closeOffersOn: (listingId, seller, buyerId) => closeOffersOn(deps, listingId, seller, buyerId),
  };
}
