import { z } from 'zod';
import { cursorField, idField, lines, NO_CONTROLS } from './fields';
import { authorSchema } from './posts';

/**
 * Sales and reviews (docs/product/profiles-and-payments.md, "Sales and
 * reviews"; ADR 052): a listing marked sold to a student who talked about it,
 * or to "someone else"; then one review from each side of a sale to a
 * student, shown once both reviewed or the window closed.
 */

/** How long after a sale its two sides may review it; reviews still hidden then show anyway. */
export const REVIEW_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;
/** A review's text, at most this many characters. */
export const REVIEW_MAX_CHARS = 280;

/** The tags a review may carry, in the order the form shows them. */
export const REVIEW_TAGS = [
  'on-time',
  'as-described',
  'friendly',
  'good-communication',
  'fair-price',
] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

export const REVIEW_TAG_LABELS: Record<ReviewTag, string> = {
  'on-time': 'On time',
  'as-described': 'As described',
  friendly: 'Friendly',
  'good-communication': 'Good communication',
  'fair-price': 'Fair price',
};

export const SALE_MESSAGES = {
  soldToTitle: 'Sold to',
  soldToText: 'Who bought it? Only students who messaged you about it are listed.',
  someoneElse: 'Someone else',
  noCandidates: 'Nobody has messaged you about this listing yet.',
  markSold: 'Mark as sold',
  saved: 'Marked as sold',
  notACandidate: 'Choose a student who messaged you about this listing.',
  blocked: 'You cannot sell to this student.',
  reviewedSaleKept: 'This sale has a review, so its buyer can no longer change.',
  leaveReview: 'Leave a review',
  reviewFor: (name: string) => `Leave a review for ${name}`,
  reviewTitle: (name: string) => `Review ${name}`,
  starsLabel: 'Stars',
  starsRequired: 'Choose from 1 to 5 stars.',
  tagsLabel: 'What went well? (optional)',
  textLabel: 'Anything to add? (optional)',
  textTooLong: `Reviews are up to ${REVIEW_MAX_CHARS} characters.`,
  submit: 'Post review',
  reviewed: 'Review posted. It shows once you both reviewed, or in 14 days.',
  notAParty: 'Only the buyer and the seller review a sale.',
  noBuyer: 'A sale to someone else has no one to review.',
  windowClosed: 'Reviews close 14 days after the sale.',
  alreadyReviewed: 'You already reviewed this sale. Reviews cannot be changed.',
  reviewBlocked: 'You cannot review this student.',
  hiddenUntil: 'Your review shows once you both reviewed, or 14 days after the sale.',
  noReviews: (first: string) => `${first} has no reviews yet.`,
  reviewsHeading: 'Reviews',
} as const;

export const saleBodySchema = z.object({
  /** The student who bought it; null for "Someone else". */
  buyerId: idField.nullable(),
});
export type SaleBody = z.infer<typeof saleBodySchema>;

/** Students who talked about a listing with its seller, newest first: the "Sold to" choices. */
export const saleCandidatesSchema = z.object({ items: z.array(authorSchema) });
export type SaleCandidatesDto = z.infer<typeof saleCandidatesSchema>;

export const reviewBodySchema = z.object({
  stars: z
    .number({ message: SALE_MESSAGES.starsRequired })
    .int(SALE_MESSAGES.starsRequired)
    .min(1, SALE_MESSAGES.starsRequired)
    .max(5, SALE_MESSAGES.starsRequired),
  tags: z
    .array(z.enum(REVIEW_TAGS))
    .max(REVIEW_TAGS.length)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  text: z
    .string()
    .trim()
    .max(REVIEW_MAX_CHARS, SALE_MESSAGES.textTooLong)
    .refine(lines, NO_CONTROLS)
    .default(''),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

export const reviewCanSchema = z.object({ report: z.boolean() });

export const reviewSchema = z.object({
  id: z.string(),
  stars: z.number().int(),
  tags: z.array(z.enum(REVIEW_TAGS)),
  text: z.string(),
  createdAt: z.number(),
  author: authorSchema,
  /** Whether the author bought or sold the item. */
  authorRole: z.enum(['buyer', 'seller']),
  /** The item's title as it was when it sold. */
  title: z.string(),
  /** False only for the author's own review that the other side cannot read yet. */
  visible: z.boolean(),
  can: reviewCanSchema,
});
export type ReviewDto = z.infer<typeof reviewSchema>;

export const saleCanSchema = z.object({
  /** The viewer is a side of a sale to a student, has not reviewed it, and the window is open. */
  review: z.boolean(),
});

/** A sale as one of its two sides sees it. */
export const saleSchema = z.object({
  id: z.string(),
  listingId: z.string().nullable(),
  title: z.string(),
  price: z.number().nullable(),
  seller: authorSchema,
  buyer: authorSchema.nullable(),
  createdAt: z.number(),
  /** When its reviews close (and show, whatever the other side did). */
  reviewsCloseAt: z.number(),
  /** The viewer's own review, once written. */
  myReview: reviewSchema.nullable(),
  can: saleCanSchema,
});
export type SaleDto = z.infer<typeof saleSchema>;

/** A listing's sale for the viewer: null unless they are one of its sides. */
export const listingSaleSchema = z.object({ sale: saleSchema.nullable() });

export const reviewStatsSchema = z.object({
  /** The mean of visible reviews' stars to one decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  sold: z.number().int(),
  bought: z.number().int(),
});
export type ReviewStatsDto = z.infer<typeof reviewStatsSchema>;

export const profileReviewsSchema = z.object({
  stats: reviewStatsSchema,
  items: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
});
export type ProfileReviewsDto = z.infer<typeof profileReviewsSchema>;

export const reviewsQuerySchema = z.object({ cursor: cursorField.optional() });
