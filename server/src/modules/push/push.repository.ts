import type { Selectable } from 'kysely';
import type { Executor, PushOutboxTable, PushSubscriptionsTable } from '../../db/schema';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushOutboxRow = Selectable<PushOutboxTable>;

/** The SQL of web push (ADR 058): devices and the push outbox. */
export const pushRepository = {
  /**
   * Stores the device, or renews the one of its endpoint (the browser
   * subscribed again, or another student signed in on it: the row then moves
   * to their session) in the same statement, so two saves of one endpoint at once cannot collide. The
   * stored row: `row` itself when it was new.
   */
  save(db: Executor, row: PushSubscriptionRow): Promise<PushSubscriptionRow> {
    const { user_id, session_id, p256dh, auth, device, last_used_at } = row;
    return db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({ user_id, session_id, p256dh, auth, device, last_used_at }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** A student's devices, the most recently used first. */
  ofUser(db: Executor, userId: string) {
    return db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** Deletes the student's own device by id or endpoint; whether there was one. */
  async removeOwn(
    db: Executor,
    userId: string,
    which: { id: string } | { endpoint: string },
  ): Promise<boolean> {
    const result = await db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where((eb) =>
        'id' in which ? eb('id', '=', which.id) : eb('endpoint', '=', which.endpoint),
      )
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async remove(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  /** The devices of these students, with each student's campus. */
  devicesOf(db: Executor, userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('push_subscriptions')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .select(['push_subscriptions.id', 'push_subscriptions.user_id', 'users.campus_id'])
      .where('push_subscriptions.user_id', 'in', userIds)
      .execute();
  },

  async queue(db: Executor, rows: PushOutboxRow[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('push_outbox').values(rows).execute();
  },

  /** Pushes due at `at` (not yet given up), with the device they go to. */
  due(db: Executor, at: number, maxAttempts: number, limit: number) {
    return db
      .selectFrom('push_outbox')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
      .select([
        'push_outbox.id',
        'push_outbox.subscription_id',
        'push_outbox.payload',
        'push_outbox.attempts',
        'push_outbox.next_attempt_at',
        'push_subscriptions.endpoint',
        'push_subscriptions.p256dh',
        'push_subscriptions.auth',
      ])
      .where('push_outbox.next_attempt_at', '<=', at)
      .where('push_outbox.attempts', '<', maxAttempts)
      .orderBy('push_outbox.next_attempt_at')
      .orderBy('push_outbox.id')
      .limit(limit)
      .execute();
  },

  /**
   * Takes a push for this server, as the mail outbox does: the update matches only
   * while the row has what this server read, so of several servers one wins.
   */
  async claim(
    db: Executor,
    row: Pick<PushOutboxRow, 'id' | 'attempts' | 'next_attempt_at'>,
    leaseUntil: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('push_outbox')
      .set({ attempts: row.attempts + 1, next_attempt_at: leaseUntil })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  async failed(db: Executor, id: string, error: string, retryAt: number): Promise<void> {
    await db
      .updateTable('push_outbox')
      .set({ last_error: error, next_attempt_at: retryAt })
      .where('id', '=', id)
      .execute();
  },

  /** A push sent (or given up) leaves nothing behind: its text was the student's. */
  async done(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('push_outbox').where('id', '=', id).execute();
  },

  async used(db: Executor, subscriptionId: string, at: number): Promise<void> {
    await db
      .updateTable('push_subscriptions')
      .set({ last_used_at: at })
      .where('id', '=', subscriptionId)
      .execute();
  },

  /** Pushes given up before `before`: deleted with their text. */
  async purgeGivenUp(db: Executor, maxAttempts: number, before: number): Promise<number> {
    const result = await db
      .deleteFrom('push_outbox')
      .where('attempts', '>=', maxAttempts)
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
