import type { NotificationDto, NotificationType, UnreadDto } from '@common/schemas/notifications';
import { PAGE_SIZES } from '@common/limits';
import { v7 as uuidv7 } from 'uuid';
import { decodeKeyset, encodeKeyset } from '../../core/cursor';
import { requireVerified } from '../../core/policies/roles';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentNotification } from './notifications.presenter';
import { notificationsRepository as notifications } from './notifications.repository';

/** One notification to create, from the act that causes it. */
export interface NotificationRequest {
  type: NotificationType;
  toUserId: string;
  from: Pick<UserRow, 'id'>;
  postId?: string | null;
  chatId?: string | null;
  message: string;
}

/** The bus topic of one student's own events (DESIGN §7). */
export const userTopic = (userId: string) => `user:${userId}`;

export interface NotificationsServiceDeps {
  db: Db;
  bus: EventBus;
  storage: BlobStore;
  now?: () => number;
  log?: (error: unknown) => void;
}

/** In-app notifications and unread counts (spec core §3 "Notification", §4 "Notifications", §9 badge). */
export function createNotificationsService({
  db,
  bus,
  storage,
  now = Date.now,
  log = () => undefined,
}: NotificationsServiceDeps) {
  const publish = (userIds: Iterable<string>, event: { type: string }) => {
    for (const id of new Set(userIds)) bus.publish(userTopic(id), event).catch(log);
  };

  return {
    /**
     * Stores the notifications of an act inside its transaction, never one for
     * the student's own act; returns what to announce once it has committed.
     */
    async notify(trx: Executor, requests: NotificationRequest[]): Promise<() => void> {
      const at = now();
      const rows = requests
        .filter((r) => r.toUserId !== r.from.id)
        .map((r) => ({
          id: uuidv7(),
          type: r.type,
          to_user_id: r.toUserId,
          from_user_id: r.from.id,
          post_id: r.postId ?? null,
          chat_id: r.chatId ?? null,
          message: r.message,
          read: false,
          created_at: at,
        }));
      await notifications.insert(trx, rows);
      return () =>
        publish(
          rows.map((r) => r.to_user_id),
          { type: 'notification.created' },
        );
    },

    /** Tells these students' open tabs that their unread counts may have changed. */
    unreadChanged(userIds: Iterable<string>): void {
      publish(userIds, { type: 'unread.changed' });
    },

    /** A page of the viewer's notifications, newest first; those shown become read (spec core §4). */
    async list(
      user: UserRow | null,
      query: { cursor?: string },
    ): Promise<{ items: NotificationDto[]; nextCursor: string | null }> {
      requireVerified(user);
      const limit = PAGE_SIZES.notifications;
      const rows = await notifications.page(db.kysely, user.id, limit, decodeKeyset(query.cursor));
      const unread = rows.filter((r) => !r.read).map((r) => r.id);
      await notifications.markRead(db.kysely, user.id, unread);
      if (unread.length > 0) publish([user.id], { type: 'unread.changed' });
      const last = rows[rows.length - 1];
      return {
        items: rows.map((row) => presentNotification(row, storage)),
        nextCursor:
          last && rows.length === limit ? encodeKeyset({ at: last.created_at, id: last.id }) : null,
      };
    },

    /** The badge's two parts: unread notifications and chats with unseen messages. */
    async unread(user: UserRow | null): Promise<UnreadDto> {
      requireVerified(user);
      const [count, chats] = await Promise.all([
        notifications.countUnread(db.kysely, user.id),
        notifications.countUnreadChats(db.kysely, user.id),
      ]);
      return { notifications: count, chats };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
