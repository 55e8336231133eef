import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostList } from '@common/schemas/posts';
import { api } from '../../../lib/api';

/** GET /api/media: the campus's posts with photos or videos, 15 per page. */
export const mediaFeedQueryOptions = (campusId: string) =>
  infiniteQueryOptions({
    queryKey: ['media-feed', campusId],
    queryFn: ({ pageParam }) =>
      api<PostList>(`/api/media${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMediaFeed(campusId: string, enabled: boolean) {
  return useInfiniteQuery({ ...mediaFeedQueryOptions(campusId), enabled });
}
