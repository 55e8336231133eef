import type { Kysely } from 'kysely';

/**
 * Everything a student saved, read from the index alone (ADR 033): the
 * viewer lane reads a student's saves whole, and through `likes_user`
 * (user, time) each save cost a visit to the table (2 ms for a hundred saves
 * on PostgreSQL under load). Which of a page's posts they saved is answered
 * from it too.
 */
export function wholeSaves() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('likes_user_post')
        .on('likes')
        .columns(['user_id', 'post_id'])
        .execute();
    },
  };
}
