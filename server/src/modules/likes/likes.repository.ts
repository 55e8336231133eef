import type { Executor } from '../../db/schema';

/** The only SQL over likes (saves): who saved what, and each post's count. */
export const likesRepository = {
  /** Who saved a post (price drop alerts, ADR 023). */
  async saversOf(db: Executor, postId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('likes')
      .select('user_id')
      .where('post_id', '=', postId)
      .execute();
    return rows.map((r) => r.user_id);
  },

  /**
   * Every post the user saved, or null when they saved more than `most` (a
   * keen saver's are asked page by page instead). Read from the index
   * `likes_user_post` alone.
   */
  async savedAll(db: Executor, userId: string, most: number): Promise<Set<string> | null> {
    const rows = await db
      .selectFrom('likes')
      .select('post_id')
      .where('user_id', '=', userId)
      .limit(most + 1)
      .execute();
    return rows.length > most ? null : new Set(rows.map((r) => r.post_id));
  },

  /** Which of these posts the user liked. */
  async savedAmong(db: Executor, userId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('likes')
      .select('post_id')
      .where('user_id', '=', userId)
      .where('post_id', 'in', postIds)
      .execute();
    return new Set(rows.map((r) => r.post_id));
  },

  /**
   * Which posts of a thread the user saved: the thread's posts (by the root
   * index) plus `others` (the root and the chain above a comment). Two
   * parameters plus the chain, however long the thread.
   */
  async savedInThread(
    db: Executor,
    userId: string,
    rootId: string,
    others: string[],
  ): Promise<Set<string>> {
    // Two index-driven halves, not one OR: an OR makes PostgreSQL read every
    // like of the user (tens of thousands for a keen one) to filter them.
    const rows = await db
      .selectFrom('posts')
      .innerJoin('likes', (join) =>
        join.onRef('likes.post_id', '=', 'posts.id').on('likes.user_id', '=', userId),
      )
      .select('likes.post_id')
      .where('posts.root_id', '=', rootId)
      .unionAll(
        db
          .selectFrom('likes')
          .select('likes.post_id')
          .where('likes.user_id', '=', userId)
          .where('likes.post_id', 'in', others),
      )
      .execute();
    return new Set(rows.map((r) => r.post_id));
  },

  /** Adds a like; false when it already existed. The post's count is the caller's (moveLikes). */
  async add(db: Executor, postId: string, userId: string, at: number): Promise<boolean> {
    const result = await db
      .insertInto('likes')
      .values({ post_id: postId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Removes a like; false when there was none. The post's count is the caller's (moveLikes). */
  async remove(db: Executor, postId: string, userId: string): Promise<boolean> {
    const result = await db
      .deleteFrom('likes')
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  likers(db: Executor, postId: string, limit: number) {
    return db
      .selectFrom('likes')
      .innerJoin('users', 'users.id', 'likes.user_id')
      .select([
        'users.id',
        'users.username',
        'users.first_name',
        'users.last_name',
        'users.avatar_key',
        'users.school_verified',
        'users.campus_id',
      ])
      .where('likes.post_id', '=', postId)
      .orderBy('likes.created_at', 'desc')
      .limit(limit)
      .execute();
  },
};
