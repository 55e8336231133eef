import { z } from 'zod';
import { authorSchema } from './posts';

/** Spec core §3 "Notification": what caused it. */
export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'comment reply',
  'message',
  'new chat',
  'message like',
  'mention',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  from: authorSchema.nullable(),
  postId: z.string().nullable(),
  chatId: z.string().nullable(),
  /** What the list shows, e.g. "Jamie saved your post: Mini fridge…". */
  message: z.string(),
  read: z.boolean(),
  createdAt: z.number(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});

/** The unread badge is their sum (spec core §9). */
export const unreadSchema = z.object({ notifications: z.number(), chats: z.number() });
export type UnreadDto = z.infer<typeof unreadSchema>;
