import {
  NOTIFICATION_TEXT,
  type NotificationDto,
  type NotificationType,
  type UnreadDto,
} from '@common/schemas/notifications';
import { PAGE_SIZES } from '@common/limits';
import { KIND_OF_TYPE, type NotificationSettingsDto } from '@common/schemas/notification-settings';
import { v7 as uuidv7 } from 'uuid';
import { decodeKeyset, encodeKeyset } from '../../core/cursor';
import { requireVerified } from '../../core/policies/roles';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { BlockReader } from '../blocks/blocks.service';
import type { PushService } from '../push/push.service';
import { ALERT_WINDOW_MS, type AlertMailer } from './notifications.alerts';
import { readUnsubscribeToken } from './notifications.mails';
import { allows, readSettings, setEveryEmail, writeSettings } from './notifications.preferences';
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
  /**
   * What an act that can be undone is on (the saved post, the hearted
   * message): the actor notifies of it once per window, and undoing the act
   * takes back its unread notification (ADR 037).
   */
  subject?: string;
}

/** An act undone: its actor, its kind and what it was on. */
export interface UndoneAct {
  type: NotificationType;
  from: Pick<UserRow, 'id'>;
  subject: string;
}

/** An act redone within this long of the last one it notified of notifies nobody again (ADR 037). */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What students let reach them, for the other modules and the push channel (ADR 059). */
export {
  allows,
  pushTimes,
  reach,
  setEveryEmail,
  shouldPush,
  withPushDevices,
} from './notifications.preferences';

/** The bus topic of one student's own events (messages, notifications, unread counts). */
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

/** Requests by who caused them, in order (null: nobody the student knows). */
function groupByActor(requests: NotificationRequest[]): Map<string | null, NotificationRequest[]> {
  const byActor = new Map<string | null, NotificationRequest[]>();
  for (const r of requests) {
    const key = r.from?.id ?? null;
    byActor.set(key, [...(byActor.get(key) ?? []), r]);
  }
  return byActor;
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
  /** Who cannot reach whom across a block (modules/blocks): they are never notified. */
  blocks?: Pick<BlockReader, 'unreachable'>;
  /** E-mail alerts of some acts; none when absent. */
  alerts?: AlertMailer;
  /** Pushes to the students' devices (ADR 058); none when absent. */
  push?: Pick<PushService, 'queue' | 'committed'>;
  /** Checks unsubscribe links; they are refused when absent. */
  secretKey?: string;
  bus: EventBus;
  storage: BlobStore;
  now?: () => number;
  log?: (error: unknown) => void;
}

/** The stored row of a request made at `at`. */
const rowOf = (r: NotificationRequest, at: number) => ({
  id: uuidv7(),
  type: r.type,
  to_user_id: r.toUserId,
  from_user_id: r.from?.id ?? null,
  post_id: r.postId ?? null,
  chat_id: r.chatId ?? null,
  message: r.message,
  read: false,
  created_at: at,
  subject_id: r.subject ?? null,
});

/** Who may be notified: not oneself, not across a block, not again for an act redone. */
async function deliverable(
  trx: Executor,
  blocks: NotificationsServiceDeps['blocks'],
  requests: NotificationRequest[],
  at: number,
): Promise<NotificationRequest[]> {
  const own = requests.filter((r) => r.toUserId !== r.from?.id);
  const kept: NotificationRequest[] = [];
  for (const [fromId, theirs] of groupByActor(own)) {
    const cut =
      fromId && blocks
        ? await blocks.unreachable(trx, fromId, [...new Set(theirs.map((r) => r.toUserId))])
        : new Set<string>();
    for (const r of theirs)
      if (!cut.has(r.toUserId) && (await firstInWindow(trx, r, at))) kept.push(r);
  }
  return kept;
}

/** Whether an act that can be undone is the first of its actor, kind and subject in the window. */
async function firstInWindow(trx: Executor, r: NotificationRequest, at: number) {
  if (r.subject === undefined || !r.from) return true;
  const since = at - REPEAT_WINDOW_MS;
  const mark = { fromUserId: r.from.id, type: r.type, subject: r.subject };
  return notifications.claimMark(trx, mark, at, since);
}

/** The rows the students let into the app (ADR 059): one read of settings per type in the batch. */
async function wantedInApp<T extends { type: string; to_user_id: string }>(
  trx: Executor,
  rows: T[],
  at: number,
): Promise<T[]> {
  const kept: T[] = [];
  for (const type of new Set(rows.map((r) => r.type as NotificationType))) {
    const ofType = rows.filter((r) => r.type === type);
    const allowed = await allows(
      trx,
      ofType.map((r) => r.to_user_id),
      KIND_OF_TYPE[type],
      'inApp',
      at,
    );
    kept.push(...ofType.filter((r) => allowed.has(r.to_user_id)));
  }
  return kept;
}

/** In-app notifications and the badge's unread counts. */
export interface NotificationsService {
  /**
   * Stores the notifications of an act inside its transaction, never one for
   * the student's own act nor across a block (ADR 037), and of an act that
   * can be undone at most one per actor, kind and subject in a window;
   * returns what to announce once it has committed.
   */
  notify(trx: Executor, requests: NotificationRequest[]): Promise<() => void>;
  /**
   * Notifies the students of the campus that `text` mentions as @username
   * (a mention always reaches a real student of the campus), except those in `except`.
   */
  notifyMentions(trx: Executor, m: Mention): Promise<() => void>;
  /**
   * An act undone (a save taken back, a heart removed) takes back its
   * notification while it is unread (ADR 037); returns what to announce
   * once the transaction has committed.
   */
  withdraw(trx: Executor, act: UndoneAct): Promise<() => void>;
  /** Tells these students' open tabs that their unread counts may have changed. */
  unreadChanged(userIds: Iterable<string>): void;
  /**
   * Forgets the marks of acts older than the repeat window (the hourly job):
   * they no longer hold a notification back. How many went.
   */
  sweepMarks(at?: number): Promise<number>;
  /** A page of the viewer's notifications, newest first; those shown become read. */
  list(
    user: UserRow | null,
    query: { cursor?: string },
  ): Promise<{ items: NotificationDto[]; nextCursor: string | null }>;
  /** Turns off every kind's e-mail of the student an unsubscribe link was made for (ADR 059). */
  unsubscribe(token: string): Promise<boolean>;
  /** The viewer's notification settings by kind and channel, and quiet hours (ADR 059). */
  settings(user: UserRow | null): Promise<NotificationSettingsDto>;
  /** Saves the viewer's whole notification settings; returns them as stored. */
  saveSettings(
    user: UserRow | null,
    settings: NotificationSettingsDto,
  ): Promise<NotificationSettingsDto>;
  /** The badge's two parts: unread notifications and chats with unseen messages. */
  unread(user: UserRow | null): Promise<UnreadDto>;
}

/**
 * Marks past their window hold nothing back: an act's after a day (ADR 037), an e-mail's
 * once neither its ten minutes nor a quiet night (under a day) reach back to it (ADR 073).
 * How many went.
 */
async function sweepMarks(db: Executor, at: number): Promise<number> {
  const acts = await notifications.dropStaleMarks(db, at - REPEAT_WINDOW_MS);
  const mails = await notifications.dropStaleAlertMarks(
    db,
    at - REPEAT_WINDOW_MS - ALERT_WINDOW_MS,
  );
  return acts + mails;
}

/** The settings page's reads and saves, and the e-mails' one-click unsubscribe. */
function settingsOf(
  db: Db,
  secretKey: string | undefined,
): Pick<NotificationsService, 'settings' | 'saveSettings' | 'unsubscribe'> {
  return {
    async settings(user: UserRow | null): Promise<NotificationSettingsDto> {
      requireVerified(user);
      return readSettings(db.kysely, user.id);
    },

    async saveSettings(
      user: UserRow | null,
      settings: NotificationSettingsDto,
    ): Promise<NotificationSettingsDto> {
      requireVerified(user);
      await db.kysely.transaction().execute((trx) => writeSettings(trx, user.id, settings));
      return readSettings(db.kysely, user.id);
    },

    async unsubscribe(token: string): Promise<boolean> {
      const userId = secretKey ? readUnsubscribeToken(secretKey, token) : null;
      if (userId === null) return false;
      return db.kysely.transaction().execute(async (trx) => {
        if (!(await notifications.turnOffEmail(trx, userId))) return false;
        await setEveryEmail(trx, userId, false);
        return true;
      });
    },
  };
}

/** Builds the NotificationsService. */
export function createNotificationsService({
  db,
  blocks,
  bus,
  storage,
  alerts,
  push,
  secretKey,
  now = Date.now,
  log = () => undefined,
}: NotificationsServiceDeps): NotificationsService {
  const publish = (userIds: Iterable<string>, event: { type: string }) => {
    for (const id of new Set(userIds)) bus.publish(userTopic(id), event).catch(log);
  };

  const service = {
    ...settingsOf(db, secretKey),
    async notify(trx: Executor, requests: NotificationRequest[]): Promise<() => void> {
      const at = now();
      const rows = (await deliverable(trx, blocks, requests, at)).map((r) => rowOf(r, at));
      // E-mail follows its own setting: a kind kept out of the app may still be mailed.
      const shown = await wantedInApp(trx, rows, at);
      await notifications.insert(trx, shown);
      await alerts?.queue(trx, rows);
      await push?.queue(trx, rows);
      return () => {
        push?.committed();
        publish(
          shown.map((r) => r.to_user_id),
          { type: 'notification.created' },
        );
      };
    },

    async notifyMentions(trx: Executor, m: Mention): Promise<() => void> {
      return service.notify(trx, await mentionRequests(trx, m));
    },

    async withdraw(trx: Executor, act: UndoneAct): Promise<() => void> {
      const to = await notifications.withdraw(trx, {
        fromUserId: act.from.id,
        type: act.type,
        subject: act.subject,
      });
      return () => publish(to, { type: 'unread.changed' });
    },

    unreadChanged(userIds: Iterable<string>): void {
      publish(userIds, { type: 'unread.changed' });
    },

    sweepMarks: (at = now()) => sweepMarks(db.kysely, at),

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
