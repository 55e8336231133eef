import type { Executor, UserRow } from '../../db/schema';

/** The SQL of profiles: users by username (or a name they gave up), edits, reports. */
export const profilesRepository = {
  findById(db: Executor, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The student with this username, or the one who gave it up less than 30 days ago. */
  async findByUsername(db: Executor, username: string, now: number): Promise<UserRow | undefined> {
    const name = username.toLowerCase();
    const current = await db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', name)
      .executeTakeFirst();
    if (current) return current;
    return db
      .selectFrom('old_usernames as o')
      .innerJoin('users', 'users.id', 'o.user_id')
      .selectAll('users')
      .where('o.username', '=', name)
      .where('o.expires_at', '>', now)
      .executeTakeFirst();
  },

  async update(
    db: Executor,
    id: string,
    changes: { first_name?: string; last_name?: string; bio?: string; profile_set_up?: boolean },
    now: number,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** Sets the photo and answers the one it replaces. */
  async setAvatar(db: Executor, id: string, key: string, now: number): Promise<string | null> {
    const before = await db
      .selectFrom('users')
      .select('avatar_key')
      .where('id', '=', id)
      .executeTakeFirst();
    await db
      .updateTable('users')
      .set({ avatar_key: key, updated_at: now })
      .where('id', '=', id)
      .execute();
    return before?.avatar_key ?? null;
  },

  /** One report per reporter and student: a second one changes nothing. */
  async report(
    db: Executor,
    row: {
      id: string;
      reporterId: string;
      targetId: string;
      /** The reported student's campus, whose moderators read it (ADR 040). */
      campusId: string;
      reason: string;
      now: number;
    },
  ): Promise<void> {
    await db
      .insertInto('reports')
      .values({
        id: row.id,
        reporter_id: row.reporterId,
        campus_id: row.campusId,
        target_user_id: row.targetId,
        target_post_id: null,
        reason: row.reason,
        created_at: row.now,
      })
      .onConflict((oc) =>
        oc
          .columns(['reporter_id', 'target_user_id'])
          .where('target_user_id', 'is not', null)
          .doNothing(),
      )
      .execute();
  },
};
