import { type Kysely, sql } from 'kysely';

/**
 * Reports of posts, comments and messages (ADR 019): a message can be reported,
 * and each reporter reports a post or a message once, as 0005 made it for
 * students.
 */
export function reports() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('reports')
        .addColumn('target_message_id', 'text', (c) =>
          c.references('messages.id').onDelete('cascade'),
        )
        .execute();
      for (const [name, column] of [
        ['reports_reporter_post', 'target_post_id'],
        ['reports_reporter_message', 'target_message_id'],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('reports')
          .columns(['reporter_id', column])
          .unique()
          .where(sql.ref(column), 'is not', null)
          .execute();
      }
    },
  };
}
