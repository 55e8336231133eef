import { useQuery } from '@tanstack/react-query';
import type { PostPage } from '@common/schemas/posts';
import { api } from '../../../lib/api';

/** GET /api/posts/:id, for the media detail page. */
export function usePostMedia(id: string) {
  return useQuery({
    queryKey: ['post', id],
    queryFn: () => api<PostPage>(`/api/posts/${encodeURIComponent(id)}`),
    retry: false,
  });
}
