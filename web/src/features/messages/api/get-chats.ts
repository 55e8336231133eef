import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ChatDto } from '@common/schemas/chats';
import { api, ApiError } from '../../../lib/api';
import { chatKeys } from '../../../lib/chat-keys';
import { chatListQueryOptions } from '../../../lib/chats-api';

/** The viewer's chats, newest activity first (GET /api/chats). */
export function useChats() {
  return useInfiniteQuery(chatListQueryOptions);
}

/** One chat; a 404 ("This conversation doesn't exist") is not retried. */
export function useChat(id: string) {
  return useQuery({
    queryKey: chatKeys.detail(id),
    queryFn: () => api<ChatDto>(`/api/chats/${encodeURIComponent(id)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
