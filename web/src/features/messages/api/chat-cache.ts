import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatDto, MessageDto } from '@common/schemas/chats';
import { chatKeys, type ChatPages, type MessagePages } from '../../../lib/chat-keys';

/** Puts a message at the newest end of its chat's cached pages, once. */
export function addMessage(queryClient: QueryClient, message: MessageDto): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(message.chatId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [message, ...first!.items] }, ...rest] };
  });
}

/** `data` with `change` applied to the items of every page. */
function mapItems<T, P extends { items: T[] }>(
  data: InfiniteData<P, string | undefined> | undefined,
  change: (items: T[]) => T[],
): InfiniteData<P, string | undefined> | undefined {
  return data
    ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) }
    : data;
}

/** Applies `patch` to one cached message. */
export function patchMessage(
  queryClient: QueryClient,
  chatId: string,
  messageId: string,
  patch: Partial<MessageDto>,
): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), (data) =>
    mapItems(data, (items: MessageDto[]) =>
      items.map((m) => (m.id === messageId ? { ...m, ...patch } : m)),
    ),
  );
}

/** Applies `patch` to a chat, in the inbox and as the open conversation. */
export function patchChat(queryClient: QueryClient, chatId: string, patch: Partial<ChatDto>): void {
  queryClient.setQueryData<ChatDto>(chatKeys.detail(chatId), (chat) =>
    chat ? { ...chat, ...patch } : chat,
  );
  queryClient.setQueryData<ChatPages>(chatKeys.list, (data) =>
    mapItems(data, (items: ChatDto[]) =>
      items.map((c) => (c.id === chatId ? { ...c, ...patch } : c)),
    ),
  );
}

/** Forgets a deleted chat everywhere. */
export function removeChat(queryClient: QueryClient, chatId: string): void {
  queryClient.setQueryData<ChatPages>(chatKeys.list, (data) =>
    mapItems(data, (items: ChatDto[]) => items.filter((c) => c.id !== chatId)),
  );
  queryClient.removeQueries({ queryKey: chatKeys.detail(chatId) });
  queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
}
