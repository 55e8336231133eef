import { z } from 'zod';
import { formatPrice, LISTING_STATUSES, PRICE_MAX } from '../listings';
import { POST_MAX_CHARS } from '../limits';
import { countPostCharacters } from '../text';
import { lines, NO_CONTROLS } from './fields';
import { POST_MESSAGES } from './posts';

/**
 * A chat about a listing and offers in it (ADR 051, docs/product/messages.md
 * "A chat about a listing"): the pinned listing, the openers, the offer card.
 * Quad's own words.
 */
export const OFFER_MESSAGES = {
  makeOffer: 'Make an offer',
  makeOfferText: 'Whole dollars. They can accept, decline or counter.',
  amount: 'Your offer ($)',
  counterAmount: 'Your counter-offer ($)',
  note: 'Note (optional)',
  send: 'Send offer',
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  counterTitle: 'Counter-offer',
  withdraw: 'Withdraw',
  suggestMeetup: 'Suggest a meetup',
  openerAvailable: 'Is this still available?',
  openerBuy: "I'd like to buy it",
  openerOffer: 'Can you do $…?',
  replyAvailable: "Yes, it's available",
  replySold: "Sorry, it's sold",
  listingGone: 'This listing was deleted.',
  sharedPost: 'Shared a post',
  wholeDollars: 'Offer whole dollars.',
  atLeastOne: 'Offer at least $1.',
  noListing: 'This chat is not about a listing.',
  notBuyer: "Only the buyer can make an offer: it's your listing.",
  notAvailable: 'This listing is no longer available.',
  oneOpen: 'You already have an open offer on this listing. Withdraw it or wait for an answer.',
  missingOffer: "This offer doesn't exist",
  notYoursToAnswer: 'Only the student the offer was made to can answer it.',
  notYoursToWithdraw: 'Only the buyer who made this offer can withdraw it.',
  notOpen: 'This offer is no longer open.',
} as const;

/** An offer above the asking price of a listing that is not OBO. */
export const offerTooHighText = (price: number) =>
  `Offer at most the asking price (${formatPrice(price)}).`;

/** How long an offer stays open without an answer. */
export const OFFER_OPEN_MS = 48 * 60 * 60 * 1000;

export const OFFER_STATUSES = [
  'open',
  'accepted',
  'declined',
  'countered',
  'withdrawn',
  'expired',
  // The listing sold (to another student, or to someone else) while it was open (ADR 061).
  'closed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** What both students read on the card. */
export const OFFER_STATUS_TEXT: Record<OfferStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  countered: 'Countered',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  closed: 'Closed: the listing sold',
};

/** The message an offer leaves in the chat (its last line and the notification's quote). */
export const offerMadeText = (amount: number, counter: boolean) =>
  counter ? `Countered with ${formatPrice(amount)}` : `Offered ${formatPrice(amount)}`;
/** What the other student hears when an offer is answered. */
export const offerAnsweredText = (first: string, status: OfferStatus, amount: number) => {
  const price = formatPrice(amount);
  if (status === 'accepted') return `${first} accepted the offer of ${price}`;
  if (status === 'declined') return `${first} declined the offer of ${price}`;
  if (status === 'withdrawn') return `${first} withdrew the offer of ${price}`;
  if (status === 'closed')
    return `${first} sold the listing to someone else. The offer of ${price} is closed`;
  return `The offer of ${price} expired`;
};
/** The inbox line and notification quote of a post shared with no words. */
export const sharedPostText = (title: string) =>
  title ? `${OFFER_MESSAGES.sharedPost}: ${title}` : OFFER_MESSAGES.sharedPost;
/** "About: Walnut desk · $40", where the chat turned to another listing. */
export const aboutText = (title: string, price: string | null) =>
  `About: ${title}${price ? ` · ${price}` : ''}`;

/** A listing's title: its text's first line. */
export const listingTitle = (text: string) => text.split('\n')[0]!.trim();

/** The listing a chat is about (pinned at its top), or that a message turned it to. */
export const chatListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number().nullable(),
  obo: z.boolean(),
  /** "$40 · OBO", "Free"; null for a post without a price. */
  priceLabel: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  sellerId: z.string(),
  imageUrl: z.string().nullable(),
});
export type ChatListingDto = z.infer<typeof chatListingSchema>;

/**
 * What the viewer may do with an offer, from the server's offer policy (ADR
 * 044, 051): the student it was made to accepts, declines or counters it
 * while it is open; the buyer who made it withdraws it.
 */
export const offerCanSchema = z.object({
  accept: z.boolean(),
  decline: z.boolean(),
  counter: z.boolean(),
  withdraw: z.boolean(),
});
export type OfferCan = z.infer<typeof offerCanSchema>;

export const offerSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  /** Who made it: the buyer, or the seller countering. */
  fromId: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  counterOf: z.string().nullable(),
  expiresAt: z.number(),
  can: offerCanSchema,
});
export type OfferDto = z.infer<typeof offerSchema>;

const amountField = z
  .number({ error: OFFER_MESSAGES.wholeDollars })
  .int(OFFER_MESSAGES.wholeDollars)
  .min(1, OFFER_MESSAGES.atLeastOne)
  .max(PRICE_MAX, offerTooHighText(PRICE_MAX));

/** An offer or a counter-offer: whole dollars, an optional note as long as a message. */
export const makeOfferBodySchema = z.object({
  amount: amountField,
  note: z
    .string()
    .max(POST_MAX_CHARS * 4, POST_MESSAGES.tooManyCharacters)
    .refine(lines, NO_CONTROLS)
    .refine((t) => countPostCharacters(t) <= POST_MAX_CHARS, POST_MESSAGES.tooManyCharacters)
    .optional(),
});
export type MakeOfferBody = z.input<typeof makeOfferBodySchema>;
