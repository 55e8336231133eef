import type { Executor } from '../../db/schema';

/** The only SQL over blocks (ADR 024). */
export const blocksRepository = {
  /** The current student of the campus with this username. */
  findStudent(db: Executor, campusId: string, username: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', username.toLowerCase())
      .where('campus_id', '=', campusId)
      .executeTakeFirst();
  },

  /** A block stands once: blocking again changes nothing. */
  async insert(db: Executor, blockerId: string, blockedId: string, now: number): Promise<void> {
    await db
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
  },

  async remove(db: Executor, blockerId: string, blockedId: string): Promise<void> {
    await db
      .deleteFrom('blocks')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .execute();
  },

  /** Everyone the student blocked or was blocked by: one statement over both indexes. */
  async either(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('blocks')
      .select('blocked_id as id')
      .where('blocker_id', '=', userId)
      .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', userId))
      .execute();
    return rows.map((r) => r.id);
  },

  /** Whether a block stands between the two, in either direction. */
  async between(db: Executor, a: string, b: string): Promise<boolean> {
    const row = await db
      .selectFrom('blocks')
      .select('blocker_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
          eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Which of `others` blocked `userId` or were blocked by them: one statement over both indexes. */
  async across(db: Executor, userId: string, others: string[]): Promise<string[]> {
    if (others.length === 0) return [];
    const rows = await db
      .selectFrom('blocks')
      .select('blocked_id as id')
      .where('blocker_id', '=', userId)
      .where('blocked_id', 'in', others)
      .union(
        db
          .selectFrom('blocks')
          .select('blocker_id as id')
          .where('blocked_id', '=', userId)
          .where('blocker_id', 'in', others),
      )
      .execute();
    return rows.map((r) => r.id);
  },

  /** Whether a student of the campus with one of these usernames blocked `userId` or was blocked by them. */
  async namedAcross(
    db: Executor,
    userId: string,
    campusId: string,
    usernames: string[],
  ): Promise<boolean> {
    if (usernames.length === 0) return false;
    const row = await db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.campus_id', '=', campusId)
      .where('u.username', 'in', usernames)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('blocks')
              .select('blocker_id')
              .where('blocker_id', '=', userId)
              .whereRef('blocked_id', '=', 'u.id'),
          ),
          eb.exists(
            eb
              .selectFrom('blocks')
              .select('blocker_id')
              .where('blocked_id', '=', userId)
              .whereRef('blocker_id', '=', 'u.id'),
          ),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Whether `blockerId` blocked `blockedId`. */
  async blocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
    const row = await db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The students `blockerId` blocked, last blocked first. */
  list(db: Executor, blockerId: string) {
    return db
      .selectFrom('blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select([
        'u.id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.avatar_key',
        'u.school_verified',
        'b.created_at',
      ])
      .where('b.blocker_id', '=', blockerId)
      .orderBy('b.created_at', 'desc')
      .orderBy('u.id')
      .execute();
  },
};
