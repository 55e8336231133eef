import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Notifications of acts that can be undone and redone (ADR 037): a save of a
 * post, a heart on a message. `notifications.subject_id` names what the act
 * is on, so undoing it takes back its unread notification;
 * `notification_marks` keeps when an actor last notified of a kind of act on
 * a subject, so redoing it within the window notifies nobody again even when
 * the notification itself was taken back. A mark goes with its actor.
 */
export function notificationMarks(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('notifications').addColumn('subject_id', 'text').execute();
      await db.schema
        .createIndex('notifications_subject')
        .on('notifications')
        .columns(['subject_id', 'from_user_id'])
        .execute();
      await db.schema
        .createTable('notification_marks')
        .addColumn('from_user_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('notified_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_marks_key', ['from_user_id', 'type', 'subject_id'])
        .execute();
    },
  };
}
