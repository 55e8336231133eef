import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { chatKeys, type MessagePage } from '../../../lib/chat-keys';

/** 15 messages a page, newest first (GET /api/chats/:id/messages); the page shows them oldest at the top. */
export function useMessages(chatId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) =>
      api<MessagePage>(
        `/api/chats/${encodeURIComponent(chatId)}/messages${
          pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
