import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Profiles (ADR 011): one report per reporter and reported student, and the
 * usernames a student gave up, so old /{username} links still lead to them for
 * 30 days.
 */
export function profiles(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('reports_reporter_user')
        .on('reports')
        .columns(['reporter_id', 'target_user_id'])
        .unique()
        .where(sql.ref('target_user_id'), 'is not', null)
        .execute();
      await db.schema
        .createTable('old_usernames')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
    },
  };
}
