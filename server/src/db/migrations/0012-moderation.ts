import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Moderation per campus (ADR 025): every moderator's action logged, a report
 * closed with its outcome, and an account's ban or suspension kept on its row,
 * where every sign-in reads it.
 */
export function moderation(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('moderation_actions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('campus_id', 'text', (c) => c.notNull())
        /** The moderator's account; null for the system (automatic suspension). */
        .addColumn('moderator_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        /** The student the action is against: the author of removed content, or the student. */
        .addColumn('target_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('days', 'integer')
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('moderation_actions_target_user')
        .on('moderation_actions')
        .columns(['target_user_id', 'created_at'])
        .execute();
      await db.schema.alterTable('reports').addColumn('closed_at', time).execute();
      await db.schema.alterTable('reports').addColumn('outcome', 'text').execute();
      await db.schema.alterTable('users').addColumn('banned_at', time).execute();
      await db.schema.alterTable('users').addColumn('suspended_until', time).execute();
    },
  };
}
