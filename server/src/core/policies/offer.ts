import { OFFER_MESSAGES as M, type OfferCan, offerTooHighText } from '@common/schemas/offers';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../errors';
import type { PostViewer } from './post';

/**
 * Who may do what with an offer in a chat (ADR 051). Being one of the chat's
 * two participants is the chat policy's (a stranger: 404); these are the
 * roles inside: the buyer makes and withdraws, the student an offer was made
 * to answers it.
 */
export interface OfferState {
  buyer_id: string;
  seller_id: string;
  from_id: string;
  status: string;
  expires_at: number;
}

/** The chat's listing as an offer needs it. */
export interface OfferListing {
  author_id: string;
  price: number | null;
  obo: boolean | number;
  status: string;
}

/** Making an offer: the buyer (not the listing's seller), on an available listing, within its price. */
export function canMake(user: UserRow, listing: OfferListing | undefined, amount: number): void {
  if (!listing) throw badRequest('no_listing', M.noListing);
  if (listing.author_id === user.id) throw forbidden('own_listing', M.notBuyer);
  if (listing.status !== 'available') throw conflict('listing_not_available', M.notAvailable);
  checkAmount(listing, amount);
}

/** At most the asking price unless it is OBO (the schema holds the lower bound, $1). */
export function checkAmount(listing: OfferListing, amount: number): void {
  if (!listing.obo && listing.price !== null && amount > listing.price)
    throw badRequest('offer_too_high', offerTooHighText(listing.price));
}

const isOpen = (offer: OfferState, now: number) =>
  offer.status === 'open' && offer.expires_at > now;

/** Accepting, declining or countering: the student it was made to, while it is open. */
export function canAnswer(user: UserRow, offer: OfferState, now: number): void {
  if (offer.from_id === user.id) throw forbidden('not_your_offer', M.notYoursToAnswer);
  if (!isOpen(offer, now)) throw conflict('offer_not_open', M.notOpen);
}

/** Withdrawing: the buyer, their own open offer. */
export function canWithdraw(user: UserRow, offer: OfferState, now: number): void {
  if (offer.from_id !== user.id || offer.buyer_id !== user.id)
    throw forbidden('not_your_offer', M.notYoursToWithdraw);
  if (!isOpen(offer, now)) throw conflict('offer_not_open', M.notOpen);
}

/**
 * What a participant may do with an offer (ADR 044), as canAnswer and
 * canWithdraw decide it: writing takes a school e-mail and no block either way.
 */
export function offerCan(
  viewer: PostViewer,
  offer: OfferState,
  otherId: string,
  now: number,
): OfferCan {
  const able = viewer.schoolVerified && !viewer.hidden.has(otherId) && isOpen(offer, now);
  const answer = able && offer.from_id !== viewer.id;
  // A counter is an offer from the seller: only the seller counters.
  const counter = answer && offer.seller_id === viewer.id;
  const withdraw = able && offer.from_id === viewer.id && offer.buyer_id === viewer.id;
  return { accept: answer, decline: answer, counter, withdraw };
}
