import type { OfferDto } from '@common/schemas/offers';
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

/**
 * What a new message changes of the chat's topic (ADR 051), patched rather
 * than refetched, so a refetch never races the "Seen" a read brings: the
 * buyer's openers go once anyone writes, the seller's quick replies once
 * they write, and they appear for the seller when the buyer opens the topic.
 * A message about another listing than the pinned one refetches the chat.
 */
export function followTopic(
  queryClient: QueryClient,
  message: MessageDto,
  viewerId: string | undefined,
): void {
  const chat = queryClient.getQueryData<ChatDto>(chatKeys.detail(message.chatId));
  if (!chat?.listing) return;
  if (message.about && message.about.id !== chat.listing.id) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.detail(message.chatId) });
    return;
  }
  const seller = chat.listing.sellerId === viewerId;
  const mine = message.senderId === viewerId;
  if (chat.prompts === 'buyer' || (chat.prompts === 'seller' && mine))
    patchChat(queryClient, chat.id, { prompts: null });
  else if (seller && !mine && message.about) patchChat(queryClient, chat.id, { prompts: 'seller' });
}

/** An accepted offer turns the pinned listing Pending (ADR 051), a closed one Sold (ADR 061). */
export function followOffer(queryClient: QueryClient, chatId: string, offer: OfferDto): void {
  const chat = queryClient.getQueryData<ChatDto>(chatKeys.detail(chatId));
  // An offer closes when its listing sold (ADR 061).
  const status =
    offer.status === 'accepted' ? 'pending' : offer.status === 'closed' ? 'sold' : null;
  if (!status || chat?.listing?.id !== offer.listingId) return;
  patchChat(queryClient, chatId, { listing: { ...chat.listing, status } });
}
