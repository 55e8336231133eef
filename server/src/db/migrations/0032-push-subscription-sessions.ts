import { type Kysely, sql } from 'kysely';

/**
 * A device's push subscription belongs to the session that turned it on
 * (ADR 068): whatever ends that session (signing out, Log out everywhere, a
 * password change, a ban, its expiry) deletes the subscription with it, and
 * its waiting pushes with that. Subscriptions saved before this migration
 * name no session, so nothing could end them: they are deleted, and their
 * devices turn push on again from Settings → Notifications.
 */
export function pushSubscriptionSessions() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`delete from push_subscriptions`.execute(db);
      await db.schema
        .alterTable('push_subscriptions')
        .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createIndex('push_subscriptions_session')
        .on('push_subscriptions')
        .column('session_id')
        .execute();
    },
  };
}
