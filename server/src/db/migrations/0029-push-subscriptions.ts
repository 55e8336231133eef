import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Web push (ADR 058): one row per device a student turned push on for (the
 * browser's push endpoint and the keys that encrypt for it), and the push
 * outbox, filled in the transaction of the act that notifies, as mail is, so
 * a crash between the act and the send loses nothing. A device's pushes go
 * with it; a student's devices go with their account.
 */
export function pushSubscriptions(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('last_used_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('push_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) =>
          c.notNull().references('push_subscriptions.id').onDelete('cascade'),
        )
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', time, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('push_outbox_due')
        .on('push_outbox')
        .column('next_attempt_at')
        .execute();
      await db.schema
        .createIndex('push_outbox_subscription')
        .on('push_outbox')
        .column('subscription_id')
        .execute();
    },
  };
}
