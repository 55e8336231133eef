import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostPage } from '@common/schemas/posts';
import { api } from '../../../lib/api';

/** GET /api/posts/:id under the post page's own key (same endpoint, same cache entry). */
export const mediaPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['posts', 'detail', id] as const,
    queryFn: () => api<PostPage>(`/api/posts/${encodeURIComponent(id)}`),
  });

/** The post shown on /media/{id}; off for signed-out visitors (private campus). */
export function useMediaPost(id: string, enabled: boolean) {
  return useQuery({ ...mediaPostQueryOptions(id), enabled });
}
