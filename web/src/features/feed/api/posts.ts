import { useInfiniteQuery } from '@tanstack/react-query';
import { ALL_CATEGORIES } from '@common/categories';
import type { PostList } from '@common/schemas/posts';
import { api } from '../../../lib/api';
import { postKeys } from '../../../lib/posts-api';

export function useFeed(category: string) {
  return useInfiniteQuery({
    queryKey: postKeys.feed(category),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('cursor', pageParam);
      if (category !== ALL_CATEGORIES) params.set('category', category);
      const query = params.toString();
      return api<PostList>(`/api/feed${query ? `?${query}` : ''}`);
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
