import type { Keyset } from '../../core/cursor';
import type { Executor, Insertable, NotificationsTable } from '../../db/schema';

export type NewNotification = Insertable<NotificationsTable>;

/** A notification with the columns of who caused it and of its post, from one statement. */
export interface NotificationWithSender {
  id: string;
  type: string;
  post_id: string | null;
  chat_id: string | null;
  message: string;
  read: boolean | number;
  created_at: number;
  from_user_id: string | null;
  from_username: string | null;
  from_first_name: string | null;
  from_last_name: string | null;
  from_avatar_key: string | null;
  from_school_verified: boolean | number | null;
  /** The post it is about, as it is now (null without one). */
  post_status: string | null;
  post_bumped_at: number | null;
}

/**
 * What an e-mail alert is about, for the one-per-window rule (ADR 059, ADR
 * 073): a chat, or a kind of act on a post.
 */
export function alertTopic(n: { chat_id: string | null; post_id: string | null; type: string }) {
  return n.chat_id ? `chat:${n.chat_id}` : `post:${n.post_id}:${n.type}`;
}

/** The only SQL over notifications. */
export const notificationsRepository = {
  async insert(db: Executor, rows: NewNotification[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
  },

  /** The student's notifications, newest first, one page after the cursor. */
  page(
    db: Executor,
    userId: string,
    limit: number,
    cursor?: Keyset,
  ): Promise<NotificationWithSender[]> {
    let query = db
      .selectFrom('notifications as n')
      .leftJoin('users as u', 'u.id', 'n.from_user_id')
      // A "Did it sell?" row shows how its listing was answered (ADR 032).
      .leftJoin('posts as p', 'p.id', 'n.post_id')
      .select([
        'p.status as post_status',
        'p.bumped_at as post_bumped_at',
        'n.id',
        'n.type',
        'n.post_id',
        'n.chat_id',
        'n.message',
        'n.read',
        'n.created_at',
        'n.from_user_id',
        'u.username as from_username',
        'u.first_name as from_first_name',
        'u.last_name as from_last_name',
        'u.avatar_key as from_avatar_key',
        'u.school_verified as from_school_verified',
      ])
      .where('n.to_user_id', '=', userId);
    if (cursor)
      query = query.where((eb) =>
        eb.or([
          eb('n.created_at', '<', cursor.at),
          eb.and([eb('n.created_at', '=', cursor.at), eb('n.id', '<', cursor.id)]),
        ]),
      );
    return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
  },

  async markRead(db: Executor, userId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('notifications')
      .set({ read: true })
      .where('to_user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  },

  /**
   * Marks that `fromUserId` notified of `type` on `subject` at `at`, unless a
   * mark of it is newer than `since`: whether this act may notify. One
   * statement, so two racing acts never both notify (ADR 037).
   */
  async claimMark(
    db: Executor,
    mark: { fromUserId: string; type: string; subject: string },
    at: number,
    since: number,
  ): Promise<boolean> {
    const row = await db
      .insertInto('notification_marks')
      .values({
        from_user_id: mark.fromUserId,
        type: mark.type,
        subject_id: mark.subject,
        notified_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['from_user_id', 'type', 'subject_id'])
          .doUpdateSet({ notified_at: at })
          .where('notification_marks.notified_at', '<', since),
      )
      .returning('from_user_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Drops the marks older than `since`: they no longer hold anything back. How many went. */
  async dropStaleMarks(db: Executor, since: number): Promise<number> {
    const result = await db
      .deleteFrom('notification_marks')
      .where('notified_at', '<', since)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Deletes the unread notifications of an act undone; returns whom they were for. */
  async withdraw(
    db: Executor,
    act: { fromUserId: string; type: string; subject: string },
  ): Promise<string[]> {
    const rows = await db
      .deleteFrom('notifications')
      .where('subject_id', '=', act.subject)
      .where('from_user_id', '=', act.fromUserId)
      .where('type', '=', act.type)
      .where('read', '=', false)
      .returning('to_user_id')
      .execute();
    return rows.map((r) => r.to_user_id);
  },

  async countUnread(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_user_id', '=', userId)
      .where('read', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async countUnreadChats(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('chat_unread')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Students of a campus by username (mentions), lowercase names. */
  idsByUsername(db: Executor, campusId: string, usernames: string[]): Promise<{ id: string }[]> {
    if (usernames.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .select('id')
      .where('campus_id', '=', campusId)
      .where('username', 'in', usernames)
      .execute();
  },

  /** Where alerts go, and whether the students want them. */
  /**
   * The student a notification would e-mail, with `covered`: whether they
   * already had a notification about this chat (any type) or this post (same
   * type) since `since`, other than this one, whose e-mail covers this one
   * too. One statement (ADR 033).
   */
  async mailRecipient(
    db: Executor,
    n: {
      id: string;
      to_user_id: string;
      type: string;
      chat_id: string | null;
      post_id: string | null;
    },
    since: number,
  ) {
    const row = await db
      .selectFrom('users')
      .select(['id', 'email', 'email_notifications', 'campus_id'])
      .select((eb) => {
        let earlier = eb
          .selectFrom('notifications')
          .select('notifications.id')
          .where('notifications.to_user_id', '=', n.to_user_id)
          .where('notifications.created_at', '>=', since)
          .where('notifications.id', '!=', n.id);
        earlier = n.chat_id
          ? earlier.where('notifications.chat_id', '=', n.chat_id)
          : earlier
              .where('notifications.post_id', '=', n.post_id)
              .where('notifications.type', '=', n.type);
        // A kind kept out of the app stores no notification: its last e-mail counts instead.
        const mailed = eb
          .selectFrom('alert_marks')
          .select('alert_marks.user_id')
          .where('alert_marks.user_id', '=', n.to_user_id)
          .where('alert_marks.topic', '=', alertTopic(n))
          .where('alert_marks.mailed_at', '>=', since);
        return eb.or([eb.exists(earlier.limit(1)), eb.exists(mailed)]).as('covered');
      })
      .where('users.id', '=', n.to_user_id)
      .executeTakeFirst();
    return row && { ...row, covered: Boolean(row.covered) };
  },

  /** Notes that `userId` was mailed about `topic` at `at` (ADR 073). */
  async markMailed(db: Executor, userId: string, topic: string, at: number): Promise<void> {
    await db
      .insertInto('alert_marks')
      .values({ user_id: userId, topic, mailed_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'topic']).doUpdateSet({ mailed_at: at }))
      .execute();
  },

  /** Drops the e-mail marks older than `since`: they no longer hold an e-mail back. */
  async dropStaleAlertMarks(db: Executor, since: number): Promise<number> {
    const result = await db
      .deleteFrom('alert_marks')
      .where('mailed_at', '<', since)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  async turnOffEmail(db: Executor, userId: string): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ email_notifications: false })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
