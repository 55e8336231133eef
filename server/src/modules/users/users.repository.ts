import { mailboxOf } from '@common/campuses';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor, NewUser, UserRow } from '../../db/schema';
import { userRow, withMailboxes } from './users.rows';

export type { Executor } from '../../db/schema';

/**
 * Counts a try in `count` and returns its number, unless `max` tries were
 * taken in the window that began at `start`; a window `windowMs` old or
 * older starts again at this try.
 */
async function takeTry(
  db: Executor,
  id: string,
  count: 'code_failures' | 'failed_logins',
  start: 'code_failure_window_start' | 'failed_login_window_start',
  limit: { at: number; windowMs: number; max: number; unlessLocked?: boolean },
): Promise<number | undefined> {
  const { at, windowMs, max } = limit;
  const fresh = (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or([eb(start, 'is', null), eb(start, '<=', at - windowMs)]);
  let query = db
    .updateTable('users')
    .set((eb) => ({
      [count]: eb
        .case()
        .when(fresh(eb))
        .then(1)
        .else(eb(count, '+', 1))
        .end(),
      [start]: eb.case().when(fresh(eb)).then(at).else(eb.ref(start)).end(),
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([fresh(eb), eb(count, '<', max)]));
  if (limit.unlessLocked)
    query = query.where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]),
    );
  const row = await query.returning(count).executeTakeFirst();
  return row ? Number((row as Record<string, unknown>)[count]) : undefined;
}

/** The only SQL over `users` for accounts and sign-in. */
export const usersRepository = {
  findById(db: Executor, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  },

  findByGoogleSub(db: Executor, sub: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
  },

  /** The account whose school e-mail reaches the same mailbox (`jane+2@` is `jane@`). */
  findBySchoolMailbox(db: Executor, schoolEmail: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('school_mailbox', '=', mailboxOf(schoolEmail))
      .executeTakeFirst();
  },

  /** Whether a banned account's login or school e-mail reaches the mailbox of `email`. */
  async mailboxBanned(db: Executor, email: string): Promise<boolean> {
    const mailbox = mailboxOf(email);
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('banned_at', 'is not', null)
      .where((eb) => eb.or([eb('email_mailbox', '=', mailbox), eb('school_mailbox', '=', mailbox)]))
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Every username equal to `base` or `base-…`, for picking the next free suffix. */
  async usernamesLike(db: Executor, base: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom('users')
      .select('username')
      .where((eb) => eb.or([eb('username', '=', base), eb('username', 'like', `${base}-%`)]))
      .execute();
    return new Set(rows.map((r) => r.username));
  },

  /**
   * Inserts a user, its row made by `userRow`. Inside a transaction the insert runs under a savepoint, so
   * a unique-key failure (a username taken a moment ago) can be retried: on
   * PostgreSQL a failed statement would otherwise abort the whole transaction.
   */
  async insert(db: Executor, newUser: NewUser): Promise<void> {
    const user = userRow(newUser);
    if (!db.isTransaction) {
      await db.insertInto('users').values(user).execute();
      return;
    }
    await sql`savepoint quad_insert_user`.execute(db);
    try {
      await db.insertInto('users').values(user).execute();
      await sql`release savepoint quad_insert_user`.execute(db);
    } catch (error) {
      await sql`rollback to savepoint quad_insert_user`.execute(db);
      throw error;
    }
  },

  /**
   * Takes one of the user's `max` verification-code tries of the day, counted
   * and checked in one statement so concurrent requests cannot slip past the
   * limit: the number of this try, or undefined when none is left.
   */
  takeCodeTry(db: Executor, id: string, at: number, windowMs: number, max: number) {
    return takeTry(db, id, 'code_failures', 'code_failure_window_start', { at, windowMs, max });
  },

  /** A code that was right was no wrong try: the try taken for it is given back. */
  async giveBackCodeTry(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ code_failures: eb('code_failures', '-', 1) }))
      .where('id', '=', id)
      .where('code_failures', '>', 0)
      .execute();
  },

  /**
   * Takes one of the `max` password sign-in tries of the window, as
   * takeCodeTry does; none while the account is locked.
   */
  takeLoginTry(db: Executor, id: string, at: number, windowMs: number, max: number) {
    return takeTry(db, id, 'failed_logins', 'failed_login_window_start', {
      at,
      windowMs,
      max,
      unlessLocked: true,
    });
  },

  async update(db: Executor, id: string, changes: Partial<NewUser>): Promise<void> {
    await db.updateTable('users').set(withMailboxes(changes)).where('id', '=', id).execute();
  },
};
