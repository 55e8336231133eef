import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ALL_CATEGORIES } from '@common/categories';
import type { ListingFilter, PostList } from '@common/schemas/posts';
import { listingFilterQuery } from '../../../lib/listing-filters';
import { api } from '../../../lib/api';
import { postKeys, withOwnPostsOnTop } from '../../../lib/posts-api';

/** The campus feed of `category`, with the viewer's posts of this visit on top. */
export function useFeed(category: string, filter: ListingFilter = {}) {
  const queryClient = useQueryClient();
  const filterQuery = listingFilterQuery(filter);
  return useInfiniteQuery({
    queryKey: postKeys.feed(category, filterQuery),
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams(filterQuery);
      if (pageParam) params.set('cursor', pageParam);
      if (category !== ALL_CATEGORIES) params.set('category', category);
      const query = params.toString();
      const page = await api<PostList>(`/api/feed${query ? `?${query}` : ''}`);
      // A filtered feed shows what matches only: no own posts put on top.
      return withOwnPostsOnTop(queryClient, category, page, !pageParam && !filterQuery);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useSavedPosts() {
  return useInfiniteQuery({
    queryKey: postKeys.saved,
    queryFn: ({ pageParam }) =>
      api<PostList>(`/api/saved${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
