import { z } from 'zod';
import { ALL_CATEGORIES } from '../categories';
import { cursorField, NO_CONTROLS, oneLine } from './fields';
import {
  authorSchema,
  categorySchema,
  listingFilterShape,
  minNotAboveMax,
  postSchema,
  priceField,
} from './posts';
import { SEARCH_QUERY_MAX } from '../words/search';

export * from '../words/search';

/** `q` is trimmed; an empty query is ignored: an empty list, not an error. */
export const searchQuerySchema = z
  .object({
    q: z.string().max(SEARCH_QUERY_MAX).refine(oneLine, NO_CONTROLS).default(''),
    cursor: cursorField.optional(),
    category: z.union([categorySchema, z.literal(ALL_CATEGORIES)]).optional(),
    ...listingFilterShape,
  })
  .refine(...minNotAboveMax);

/**
 * Matching posts, best match first (10 a page). `terms` are the words that
 * matched after typo correction, lower case without accents: the web
 * highlights words of the results that start with one of them.
 */
export const searchPostsSchema = z.object({
  items: z.array(postSchema),
  nextCursor: z.string().nullable(),
  terms: z.array(z.string()),
  /** Sold listings that match too but are left out (without `includeSold`): search offers them. */
  soldMatches: z.number().int().min(0),
});
export type SearchPosts = z.infer<typeof searchPostsSchema>;

/** Students found, each shown as "Jane D.": lists never show a full last name. */
export const searchPeopleSchema = z.object({
  items: z.array(authorSchema),
  nextCursor: z.string().nullable(),
});
export type SearchPeople = z.infer<typeof searchPeopleSchema>;

export const SUGGESTION_KINDS = ['recent', 'query', 'word'] as const;
/** While typing: the viewer's recent queries, other students' queries, listing words. */
export const suggestionsSchema = z.object({
  items: z.array(z.object({ text: z.string(), kind: z.enum(SUGGESTION_KINDS) })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** The campus's 14 queries searched by the most students (ADR 040); the dropdown shows 4. */
export const popularSearchesSchema = z.object({
  items: z.array(z.object({ id: z.string(), text: z.string() })),
});

/** The viewer's recent queries, newest first. */
export const recentSearchSchema = z.object({ id: z.string(), text: z.string() });
export const recentSearchesSchema = z.object({ items: z.array(recentSearchSchema) });
export const addSearchBodySchema = z.object({
  text: z.string().max(SEARCH_QUERY_MAX).refine(oneLine, NO_CONTROLS),
});
/** `message` is "That query has already been added." when the query was counted, not added. */
export const addSearchResultSchema = z.object({
  search: recentSearchSchema.nullable(),
  message: z.string().nullable(),
});

/** Saved searches watch listings: the latest and media tabs. */
export const ALERT_TABS = ['latest', 'media'] as const;

export const ALERT_EMAIL = ['off', 'instant', 'daily'] as const;
export type AlertEmail = (typeof ALERT_EMAIL)[number];

export const savedSearchSchema = z.object({
  id: z.string(),
  query: z.string(),
  show: z.enum(ALERT_TABS),
  category: categorySchema.nullable(),
  email: z.enum(ALERT_EMAIL),
  paused: z.boolean(),
  /** The price filters of the search it was saved from (ADR 029): null for none. */
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  free: z.boolean(),
  createdAt: z.number(),
});
export type SavedSearchDto = z.infer<typeof savedSearchSchema>;
export const savedSearchesSchema = z.object({ items: z.array(savedSearchSchema) });
export const createSavedSearchSchema = z
  .object({
    query: z.string().trim().min(1).max(SEARCH_QUERY_MAX).refine(oneLine, NO_CONTROLS),
    show: z.enum(ALERT_TABS).default('latest'),
    category: categorySchema.nullish(),
    email: z.enum(ALERT_EMAIL).default('instant'),
    /** The search's price filters (ADR 029): alerts only for listings within them. */
    minPrice: priceField.nullish(),
    maxPrice: priceField.nullish(),
    free: z.boolean().default(false),
  })
  .refine(
    (b) => b.minPrice == null || b.maxPrice == null || b.minPrice <= b.maxPrice,
    minNotAboveMax[1],
  );
export const updateSavedSearchSchema = z.object({
  paused: z.boolean().optional(),
  email: z.enum(ALERT_EMAIL).optional(),
});
