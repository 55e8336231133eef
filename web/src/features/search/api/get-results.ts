import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListingFilter } from '@common/schemas/posts';
import type { SearchPeople, SearchPosts } from '@common/schemas/search';
import { api } from '../../../lib/api';
import { writeListingFilter, listingFilterQuery } from '../../../lib/listing-filters';
import { searchKeys } from './search-keys';

function pagePath(
  kind: 'posts' | 'media' | 'people',
  q: string,
  cursor: string | undefined,
  filter: ListingFilter = {},
) {
  const params = new URLSearchParams({ q });
  writeListingFilter(params, filter);
  if (cursor) params.set('cursor', cursor);
  return `/api/search/${kind}?${params.toString()}`;
}

const paging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

/**
 * Posts matching `q`, best match first (or cheapest first), 10 a page, with
 * the listing filters (GET /api/search/posts or /media; ADR 023).
 */
export function useSearchPosts(
  tab: 'latest' | 'media',
  q: string,
  enabled: boolean,
  filter: ListingFilter = {},
) {
  return useInfiniteQuery({
    queryKey: searchKeys.posts(tab, q, listingFilterQuery(filter)),
    queryFn: ({ pageParam, signal }) =>
      api<SearchPosts>(pagePath(tab === 'media' ? 'media' : 'posts', q, pageParam, filter), {
        signal,
      }),
    ...paging,
    enabled: enabled && q.length > 0,
  });
}

/** Students of the campus matching `q` (GET /api/search/people). */
export function useSearchPeople(q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: searchKeys.people(q),
    queryFn: ({ pageParam, signal }) =>
      api<SearchPeople>(pagePath('people', q, pageParam), { signal }),
    ...paging,
    enabled: enabled && q.length > 0,
  });
}
