import type { SearchTab } from '@common/schemas/search';

/**
 * The keys of the search queries. Post results sit under ['posts', …] like
 * every post list, so a save elsewhere patches them too (patchPostEverywhere).
 */
export const searchKeys = {
  /** `filter` is the listing filters' query string (lib/listing-filters.ts), '' for none. */
  posts: (tab: Exclude<SearchTab, 'people'>, q: string, filter = '') =>
    ['posts', 'search', tab, q, filter] as const,
  people: (q: string) => ['search', 'people', q] as const,
  suggestions: (q: string) => ['search', 'suggestions', q] as const,
  popular: ['search', 'popular'] as const,
  recent: ['search', 'recent'] as const,
};
