import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Blocks between students (ADR 024): one row per blocker and blocked student,
 * gone with either account. Read both ways: whom the viewer blocked (settings)
 * and who blocked the viewer (their feed, search, chats).
 */
export function blocks(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('blocked_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pair', ['blocker_id', 'blocked_id'])
        .execute();
      await db.schema
        .createIndex('blocks_blocked')
        .on('blocks')
        .columns(['blocked_id', 'blocker_id'])
        .execute();
    },
  };
}
