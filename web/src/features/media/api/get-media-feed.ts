import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '@common/schemas/posts';
import { api } from '../../../lib/api';

/**
 * The campus's top-level posts with photos or videos, 15 per page, newest
 * activity first. The key
 * sits under ['posts', …] like every post list, so a new post, a save or a
 * delete elsewhere patches or refreshes it too.
 */
export const mediaFeedQueryOptions = infiniteQueryOptions({
  queryKey: ['posts', 'media'] as const,
  queryFn: ({ pageParam }) =>
    api<PostList>(`/api/media${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** GET /api/media, page by page; off for signed-out visitors (private campus). */
export function useMediaFeed(enabled: boolean) {
  return useInfiniteQuery({ ...mediaFeedQueryOptions, enabled });
}
