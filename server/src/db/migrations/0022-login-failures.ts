import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Wrong passwords counted per account and client address (docs/security.md):
 * ten from one address lock that address out of the account for 15 minutes,
 * so a stranger who knows an e-mail address locks only themselves out. The
 * account's own counters (on `users`) stay, for guesses spread over many
 * addresses, with a higher threshold.
 */
export function loginFailures(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_failures')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_start', time, (c) => c.notNull())
        .addColumn('locked_until', time)
        .addPrimaryKeyConstraint('login_failures_pair', ['user_id', 'client'])
        .execute();
      await db.schema
        .createIndex('login_failures_window')
        .on('login_failures')
        .column('window_start')
        .execute();
    },
  };
}
