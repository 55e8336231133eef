import type { InfiniteData } from '@tanstack/react-query';
import type { chatListSchema, messagePageSchema } from '@common/schemas/chats';
import type { notificationListSchema } from '@common/schemas/notifications';
import type { z } from 'zod';

export type ChatList = z.infer<typeof chatListSchema>;
export type MessagePage = z.infer<typeof messagePageSchema>;
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * The keys of every messaging query, here so the shell (unread badges), the
 * start-conversation dialog and the messages and notifications features
 * agree on them without importing each other.
 */
export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  detail: (id: string) => ['chats', 'detail', id] as const,
  messages: (id: string) => ['chats', 'messages', id] as const,
  users: (q: string) => ['chats', 'users', q] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};

export const unreadKey = ['unread'] as const;

export type ChatPages = InfiniteData<ChatList, string | undefined>;
export type MessagePages = InfiniteData<MessagePage, string | undefined>;
export type NotificationPages = InfiniteData<NotificationList, string | undefined>;
