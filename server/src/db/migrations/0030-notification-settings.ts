import { type Kysely, sql } from 'kysely';

/** Every kind's e-mail off, as the settings of 0030 were written (ADR 059). */
const EMAIL_OFF = JSON.stringify(
  Object.fromEntries(
    ['messages', 'offers', 'comments', 'saves', 'savedSearches', 'reminders', 'news'].map((k) => [
      k,
      { email: false },
    ]),
  ),
);

/**
 * Notification settings per kind and channel (ADR 059): one row per student
 * who has chosen anything, `choices` the JSON of their choices by kind and
 * channel (one left out takes the default), and quiet hours as minutes of the day in the
 * student's time zone. A student with `email_notifications` off gets every
 * kind's e-mail off.
 */
export function notificationSettings() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('choices', 'text', (c) => c.notNull())
        .addColumn('quiet_start', 'integer')
        .addColumn('quiet_end', 'integer')
        .addColumn('time_zone', 'text')
        .execute();
      await sql`insert into notification_settings (user_id, choices)
        select id, ${EMAIL_OFF} from users where email_notifications = ${sql.lit(false)}`.execute(
        db,
      );
    },
  };
}
