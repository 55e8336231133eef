import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ALL_CATEGORIES } from '@common/categories';
import type { PostList } from '@common/schemas/posts';
import { api } from '../../../lib/api';
import { postKeys, withOwnPostsOnTop } from '../../../lib/posts-api';

/** The campus feed of `category`, with the viewer's posts of this visit on top. */
export function useFeed(category: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: postKeys.feed(category),
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('cursor', pageParam);
      if (category !== ALL_CATEGORIES) params.set('category', category);
      const query = params.toString();
      const page = await api<PostList>(`/api/feed${query ? `?${query}` : ''}`);
      return withOwnPostsOnTop(queryClient, category, page, !pageParam);
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
