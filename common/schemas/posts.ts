import { z } from 'zod';
import { campusIdSchema } from './campus';
import { ALL_CATEGORIES, CATEGORIES } from '../categories';
import { POST_MAX_CHARS } from '../limits';
import { CONDITIONS, LISTING_MESSAGES as L, LISTING_STATUSES, PRICE_MAX } from '../listings';
import { countPostCharacters, isBlank } from '../text';
import { cursorField, idField, lines, NO_CONTROLS, oneLine } from './fields';
import { spotIdField, spotRefSchema } from './meetups';
import {
  POST_MESSAGES,
  MAX_FILES_PER_POST,
  ALT_TEXT_MAX_CHARS,
  VIDEO_DURATION_MAX_MS,
  MEDIA_ALT_MESSAGES,
  LISTING_SORTS,
} from '../words/posts';

export * from '../words/posts';

/**
 * A photo's description: one line, trimmed, at most ALT_TEXT_MAX_CHARS
 * characters (counted as a reader sees them, not in UTF-16 units). Control
 * characters are refused with the words every text field uses.
 */
export const altTextField = z
  .string()
  .max(ALT_TEXT_MAX_CHARS * 4, MEDIA_ALT_MESSAGES.altTooLong)
  .refine(oneLine, NO_CONTROLS)
  .trim()
  .refine((t) => [...t].length <= ALT_TEXT_MAX_CHARS, MEDIA_ALT_MESSAGES.altTooLong);

/** Descriptions of a post's photos by media id; ids not of the post are ignored. */
export const mediaAltField = z
  .array(z.object({ id: idField, alt: altTextField }))
  .max(MAX_FILES_PER_POST, POST_MESSAGES.tooManyFiles);

export const categorySchema = z.enum(CATEGORIES);

/** A price in whole dollars, 0 (Free) to PRICE_MAX, with Quad's words (ADR 023). */
export const priceField = z
  .number({ message: L.priceWhole })
  .int(L.priceWhole)
  .min(0, L.priceNegative)
  .max(PRICE_MAX, L.priceTooHigh);
export const conditionSchema = z.enum(CONDITIONS);
export const listingStatusSchema = z.enum(LISTING_STATUSES);

export const createPostBodySchema = z
  .object({
    text: z
      .string()
      .max(POST_MAX_CHARS * 4, POST_MESSAGES.tooManyCharacters)
      .default('')
      .refine(lines, NO_CONTROLS)
      .refine((t) => countPostCharacters(t) <= POST_MAX_CHARS, POST_MESSAGES.tooManyCharacters),
    category: categorySchema.nullish(),
    parentId: idField.nullish(),
    mediaIds: z.array(idField).max(MAX_FILES_PER_POST, POST_MESSAGES.tooManyFiles).default([]),
    /** What each photo shows, written by the seller (ADR 060). */
    mediaAlt: mediaAltField.default([]),
    price: priceField.nullish(),
    obo: z.boolean().default(false),
    condition: conditionSchema.nullish(),
    /** A listing's pick-up spot, one of the campus's (ADR 026). */
    spotId: spotIdField.nullish(),
  })
  .refine((b) => !isBlank(b.text) || b.mediaIds.length > 0, {
    message: POST_MESSAGES.needTextOrFile,
    path: ['text'],
  })
  .refine((b) => !b.obo || (b.price ?? null) !== null, {
    message: L.oboNeedsPrice,
    path: ['obo'],
  })
  .refine((b) => !b.parentId || ((b.price ?? null) === null && !b.obo && !b.condition), {
    message: L.notOnComments,
    path: ['price'],
  });
export type CreatePostBody = z.input<typeof createPostBodySchema>;
export type CreatePostInput = z.output<typeof createPostBodySchema>;

export const mediaSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  mime: z.string(),
  url: z.string(),
  /** 200 px tall thumbnail (images; a video's poster frame, or the video when it has none). */
  thumbUrl: z.string(),
  /**
   * Pixel size of the file at `url`; for a video, its poster's (the video's
   * frame size), so the player's box is known before it loads; 0 × 0 unknown.
   */
  width: z.number(),
  height: z.number(),
  /** The seller's description of a photo; '' when none (the web says "Photo N of M"). */
  alt: z.string(),
  /** A video's poster frame at feed size (ADR 060); null for photos and videos without one. */
  posterUrl: z.string().nullable(),
  /** A video's length in milliseconds as measured at upload; null when unknown. */
  durationMs: z.number().nullable(),
});
export type MediaDto = z.infer<typeof mediaSchema>;

export const authorSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  /** "D.": names show the first name and last initial, never the full last name. */
  lastInitial: z.string(),
  avatarUrl: z.string().nullable(),
  /**
   * School-verified: the student proved a school e-mail of their campus, and
   * their name carries the "Verified student" badge (ADR 049). Not the
   * account e-mail's verification, which the viewer and profile call `verified`.
   */
  verified: z.boolean(),
});
export type AuthorDto = z.infer<typeof authorSchema>;

export const postCanSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  markSold: z.boolean(),
  renew: z.boolean(),
  save: z.boolean(),
  comment: z.boolean(),
  message: z.boolean(),
  report: z.boolean(),
});
export type PostCan = z.infer<typeof postCanSchema>;

export const postSchema = z.object({
  id: z.string(),
  campusId: campusIdSchema,
  parentId: z.string().nullable(),
  rootId: z.string().nullable(),
  depth: z.number(),
  text: z.string(),
  category: z.string().nullable(),
  author: authorSchema,
  media: z.array(mediaSchema),
  likeCount: z.number(),
  commentCount: z.number(),
  liked: z.boolean(),
  /** Right after `liked`: both are filled per viewer in one hole of a written page (ADR 005, 044). */
  can: postCanSchema,
  /** Listing fields (ADR 023): price null on a plain post. */
  price: z.number().nullable(),
  obo: z.boolean(),
  condition: conditionSchema.nullable(),
  status: listingStatusSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Where the seller meets buyers (ADR 026); null when none was picked. */
  spot: spotRefSchema.nullable(),
  /** When an untouched listing leaves the feed and search (ADR 029); null on a plain post. */
  expiresAt: z.number().nullable(),
  /** The listing's last bump or renewal; null when never. */
  bumpedAt: z.number().nullable(),
});
export type PostDto = z.infer<typeof postSchema>;

export type CommentNode = PostDto & { replies: CommentNode[] };
export const commentNodeSchema: z.ZodType<CommentNode> = z.lazy(() =>
  postSchema.extend({ replies: z.array(commentNodeSchema) }),
);
// A recursive schema is a named component of the OpenAPI document, referenced by itself (ADR 028).
commentNodeSchema.register(z.globalRegistry, { id: 'CommentNode' });

/** A post, the posts above it and its thread, as a campus's cache writes it once (ADR 005). */
export const postThreadSchema = z.object({
  post: postSchema,
  /** Ancestors from the top-level post down to the parent. */
  parents: z.array(postSchema),
  /** The whole thread below the post, oldest first at every level. */
  comments: z.array(commentNodeSchema),
});

/**
 * The seller card of a listing's page (ADR 048): only what the campus sees
 * on the seller's profile. Name, photo and badge are the post's `author`.
 */
export const sellerSummarySchema = z.object({
  /** "Member since": when the account was made. */
  memberSince: z.number(),
  /** The seller's listings on this campus marked sold. */
  soldCount: z.number(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

export const postPageSchema = postThreadSchema.extend({
  /**
   * For a top-level listing whose seller is still a student of the post's
   * campus; null for plain posts, comments and a seller who left (ADR 048).
   */
  seller: sellerSummarySchema.nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const pageQuerySchema = z.object({ cursor: cursorField.optional() });

/**
 * A price in a query string: whole dollars, as a listing's. An empty value
 * (`minPrice=`, as a form leaves it) is no filter, not $0.
 */
const queryPrice = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ message: L.priceWhole })
    .int(L.priceWhole)
    .min(0, L.priceNegative)
    .max(PRICE_MAX, L.priceTooHigh)
    .optional(),
);
const queryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * Price filters and sort of the feed and search (ADR 023): sold listings are
 * left out unless `includeSold`; `sort=price` lists priced posts, cheapest first.
 */
export const listingFilterShape = {
  minPrice: queryPrice,
  maxPrice: queryPrice,
  free: queryFlag.optional(),
  includeSold: queryFlag.optional(),
  sort: z.enum(LISTING_SORTS).optional(),
};
export interface ListingFilter {
  minPrice?: number;
  maxPrice?: number;
  free?: boolean;
  includeSold?: boolean;
  sort?: (typeof LISTING_SORTS)[number];
}
/** For `.refine` of a query with `listingFilterShape`. */
export const minNotAboveMax: [
  (q: ListingFilter) => boolean,
  { message: string; path: PropertyKey[] },
] = [
  (q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice,
  { message: L.minAboveMax, path: ['minPrice'] },
];

export const feedQuerySchema = pageQuerySchema
  .extend({
    category: z.union([categorySchema, z.literal(ALL_CATEGORIES)]).optional(),
    ...listingFilterShape,
  })
  .refine(...minNotAboveMax);

/** `PATCH /api/posts/:id`: the seller changes the price, "or best offer", condition or status. */
export const updateListingBodySchema = z
  .object({
    price: priceField.nullable().optional(),
    obo: z.boolean().optional(),
    condition: conditionSchema.nullable().optional(),
    status: listingStatusSchema.optional(),
    /** New descriptions of the post's photos (ADR 060). */
    mediaAlt: mediaAltField.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: L.nothingToChange });

/** `?durationMs=` of a poster upload: the video's length as the browser measured it. */
export const posterQuerySchema = z.object({
  durationMs: z.coerce.number().int().min(1).max(VIDEO_DURATION_MAX_MS).optional(),
});
export type UpdateListingBody = z.output<typeof updateListingBodySchema>;

export const postListSchema = z.object({
  items: z.array(postSchema),
  nextCursor: z.string().nullable(),
});
export type PostList = z.infer<typeof postListSchema>;

/**
 * A post of a profile's tab with its context: on the posts tab every reply
 * below it, nested, oldest first; on the replies and likes tabs the post a
 * comment answers (`replyTo`).
 */
export const profilePostSchema = postSchema.extend({
  replyTo: postSchema.nullable(),
  replies: z.array(commentNodeSchema),
});
export type ProfilePostDto = z.infer<typeof profilePostSchema>;
export const profilePostListSchema = z.object({
  items: z.array(profilePostSchema),
  nextCursor: z.string().nullable(),
});
export type ProfilePostList = z.infer<typeof profilePostListSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number() });
/** A student who saved the post, with whether the viewer may message them (ADR 044). */
export const likerSchema = authorSchema.extend({ can: z.object({ message: z.boolean() }) });
export type LikerDto = z.infer<typeof likerSchema>;
export const likersSchema = z.object({ items: z.array(likerSchema) });

export const uploadSchema = mediaSchema;
