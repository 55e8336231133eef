import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

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

  findBySchoolEmail(db: Executor, schoolEmail: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('school_email', '=', schoolEmail.toLowerCase())
      .executeTakeFirst();
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
   * Inserts a user. Inside a transaction the insert runs under a savepoint, so
   * a unique-key failure (a username taken a moment ago) can be retried: on
   * PostgreSQL a failed statement would otherwise abort the whole transaction.
   */
  async insert(db: Executor, user: NewUser): Promise<void> {
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

  async update(db: Executor, id: string, changes: Partial<NewUser>): Promise<void> {
    await db.updateTable('users').set(changes).where('id', '=', id).execute();
  },
};
