import { infiniteQueryOptions } from '@tanstack/react-query';
import type { MessageDto, SendMessageBody } from '@common/schemas/chats';
import { api } from './api';
import { chatKeys, type ChatList } from './chat-keys';
import { earnInstallOffer } from './pwa';

const cursorQuery = (cursor: string | undefined) =>
  cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';

/**
 * The viewer's chats, newest activity first (GET /api/chats): the inbox and
 * the share dialog's "Send in a message" read the same cache.
 */
export const chatListQueryOptions = infiniteQueryOptions({
  queryKey: chatKeys.list,
  queryFn: ({ pageParam }) => api<ChatList>(`/api/chats${cursorQuery(pageParam)}`),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Sends a message, or shares a post ({ sharedPostId }), into a chat. */
export async function sendMessage(chatId: string, body: SendMessageBody): Promise<MessageDto> {
  const sent = await api<MessageDto>(`/api/chats/${encodeURIComponent(chatId)}/messages`, {
    method: 'POST',
    json: body,
  });
  // A first message earns the offer to install the app (ADR 058).
  earnInstallOffer();
  return sent;
}
