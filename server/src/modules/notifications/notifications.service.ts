import {
  NOTIFICATION_TEXT,
  type NotificationDto,
  type NotificationType,
  type UnreadDto,
} from '@common/schemas/notifications';
import { PAGE_SIZES } from '@common/limits';
import { v7 as uuidv7 } from 'uuid';
import { decodeKeyset, encodeKeyset } from '../../core/cursor';
import { requireVerified } from '../../core/policies/roles';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { AlertMailer } from './notifications.alerts';
import { readUnsubscribeToken } from './notifications.mails';
import { presentNotification } from './notifications.presenter';
import { notificationsRepository as notifications } from './notifications.repository';

/** One notification to create, from the act that causes it. */
export interface NotificationRequest {
  type: NotificationType;
  toUserId: string;
  /** Null: nobody the student knows (a moderator's notice, ADR 025). */
  from: Pick<UserRow, 'id'> | null;
  postId?: string | null;
  chatId?: string | null;
  message: string;
}

/** The bus topic of one student's own events (DESIGN §7). */
export const userTopic = (userId: string) => `user:${userId}`;

/** Most students one post can mention. */
const MAX_MENTIONS = 10;

/** The lowercase usernames a text mentions as @username (not inside e-mail addresses). */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\w@.])@([a-z0-9._-]{1,30})/gi)) {
    const name = match[1]!.toLowerCase().replace(/[._-]+$/, '');
    if (name) names.add(name);
    if (names.size === MAX_MENTIONS) break;
  }
  return [...names];
}

interface Mention {
  campusId: string;
  text: string;
  from: Pick<UserRow, 'id' | 'first_name'>;
  postId: string;
  except: string[];
}

/** One 'mention' notification for each student of the campus the text names. */
async function mentionRequests(trx: Executor, m: Mention): Promise<NotificationRequest[]> {
  const found = await notifications.idsByUsername(trx, m.campusId, mentionedUsernames(m.text));
  return found
    .filter((u) => !m.except.includes(u.id))
    .map((u) => ({
      type: 'mention',
      toUserId: u.id,
      from: m.from,
      postId: m.postId,
      message: NOTIFICATION_TEXT.mention(m.from.first_name, m.text),
    }));
}

export interface NotificationsServiceDeps {
  db: Db;
  /** E-mail alerts of some acts; none when absent. */
  alerts?: AlertMailer;
  /** Checks unsubscribe links; they are refused when absent. */
  secretKey?: string;
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
  alerts,
  secretKey,
  now = Date.now,
  log = () => undefined,
}: NotificationsServiceDeps) {
  const publish = (userIds: Iterable<string>, event: { type: string }) => {
    for (const id of new Set(userIds)) bus.publish(userTopic(id), event).catch(log);
  };

  const service = {
    /**
     * Stores the notifications of an act inside its transaction, never one for
     * the student's own act; returns what to announce once it has committed.
     */
    async notify(trx: Executor, requests: NotificationRequest[]): Promise<() => void> {
      const at = now();
      const rows = requests
        .filter((r) => r.toUserId !== r.from?.id)
        .map((r) => ({
          id: uuidv7(),
          type: r.type,
          to_user_id: r.toUserId,
          from_user_id: r.from?.id ?? null,
          post_id: r.postId ?? null,
          chat_id: r.chatId ?? null,
          message: r.message,
          read: false,
          created_at: at,
        }));
      await notifications.insert(trx, rows);
      await alerts?.queue(trx, rows);
      return () =>
        publish(
          rows.map((r) => r.to_user_id),
          { type: 'notification.created' },
        );
    },

    /**
     * Notifies the students of the campus that `text` mentions as @username
     * (DESIGN §11: mentions are real), except those in `except`.
     */
    async notifyMentions(trx: Executor, m: Mention): Promise<() => void> {
      return service.notify(trx, await mentionRequests(trx, m));
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

    /** Turns off the e-mail alerts of the student an unsubscribe link was made for. */
    async unsubscribe(token: string): Promise<boolean> {
      const userId = secretKey ? readUnsubscribeToken(secretKey, token) : null;
      return userId !== null && (await notifications.turnOffEmail(db.kysely, userId));
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
  return service;
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
