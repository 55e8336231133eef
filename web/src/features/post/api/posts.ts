import { useQuery } from '@tanstack/react-query';
import type { LikerDto } from '@common/schemas/posts';
import { api } from '../../../lib/api';
import { fetchPostPage, postKeys } from '../../../lib/posts-api';

export function usePostPage(id: string) {
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: () => fetchPostPage(id),
  });
}

export function useLikers(id: string) {
  return useQuery({
    queryKey: postKeys.likes(id),
    queryFn: () => api<{ items: LikerDto[] }>(`/api/posts/${encodeURIComponent(id)}/likes`),
  });
}
