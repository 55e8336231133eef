import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * What each student uploaded in the last day, by bytes (ADR 039): one row per
 * upload, kept while it counts against the daily limit and gone with the
 * account. Separate from the media rows, which move into messages or go with
 * a deleted post, so a deleted upload still counts.
 */
export function uploadUsage(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('upload_usage')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bytes', big, (c) => c.notNull())
        .addColumn('created_at', big, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('upload_usage_user')
        .on('upload_usage')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('upload_usage_created')
        .on('upload_usage')
        .column('created_at')
        .execute();
    },
  };
}
