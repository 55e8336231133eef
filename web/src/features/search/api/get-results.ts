import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchPeople, SearchPosts } from '@common/schemas/search';
import { api } from '../../../lib/api';
import { searchKeys } from './search-keys';

function pagePath(kind: 'posts' | 'media' | 'people', q: string, cursor: string | undefined) {
  const params = new URLSearchParams({ q });
  if (cursor) params.set('cursor', cursor);
  return `/api/search/${kind}?${params.toString()}`;
}

const paging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

/** Posts matching `q`, best match first, 10 a page (GET /api/search/posts or /media). */
export function useSearchPosts(tab: 'latest' | 'media', q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: searchKeys.posts(tab, q),
    queryFn: ({ pageParam, signal }) =>
      api<SearchPosts>(pagePath(tab === 'media' ? 'media' : 'posts', q, pageParam), { signal }),
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
