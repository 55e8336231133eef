import type { Executor, UserRow } from '../../db/schema';

/** The SQL of account settings: usernames (and the ones given up), the account rows. */
export const accountRepository = {
  findById(db: Executor, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Whether another student has this username, or gave it up less than 30 days ago. */
  async usernameHeld(db: Executor, username: string, userId: string, now: number) {
    const [current, old] = await Promise.all([
      db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .where('id', '!=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('old_usernames')
        .select('user_id')
        .where('username', '=', username)
        .where('user_id', '!=', userId)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    ]);
    return current !== undefined || old !== undefined;
  },

  /**
   * Gives `from` up (it leads to the student until `until`) and takes `to`,
   * which is no longer anyone's old name.
   */
  async moveUsername(
    db: Executor,
    args: { userId: string; from: string; to: string; until: number; now: number },
  ): Promise<void> {
    await db.deleteFrom('old_usernames').where('username', '=', args.to).execute();
    await db
      .insertInto('old_usernames')
      .values({ username: args.from, user_id: args.userId, expires_at: args.until })
      .onConflict((oc) =>
        oc.column('username').doUpdateSet({ user_id: args.userId, expires_at: args.until }),
      )
      .execute();
    await db
      .updateTable('users')
      .set({ username: args.to, updated_at: args.now })
      .where('id', '=', args.userId)
      .execute();
  },

  async setPasswordHash(db: Executor, id: string, hash: string, now: number): Promise<void> {
    await db
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  async update(
    db: Executor,
    id: string,
    changes: {
      phone?: string | null;
      gender?: string | null;
      birth_year?: number | null;
      birth_month?: number | null;
      birth_day?: number | null;
      email_notifications?: boolean;
    },
    now: number,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
};
