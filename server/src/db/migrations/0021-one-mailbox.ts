import { mailboxOf } from '@common/campuses';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Dialect } from '../kysely';
import type { Database } from '../schema';

interface Student {
  id: string;
  campus_id: string;
  username: string;
  email: string;
  school_email: string | null;
}

/**
 * One mailbox, one student (ADR 040): each address is stored beside the
 * mailbox it reaches (lower case, no `+tag`, a school's sub-domain read as
 * the school's), unique for school e-mails and looked up for bans. Accounts
 * already sharing a school mailbox keep it on the oldest; each later one is
 * reported to its campus's moderators, who decide. Also: a report belongs to
 * the campus of what it reports, and moderators can drop a popular search.
 */
export function oneMailbox(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // The backfill reads and writes the columns added just above, as the schema types them.
      const k = db as unknown as Kysely<Database>;
      await k.schema.alterTable('users').addColumn('school_mailbox', 'text').execute();
      await k.schema.alterTable('users').addColumn('email_mailbox', 'text').execute();
      await k.schema.alterTable('reports').addColumn('campus_id', 'text').execute();
      await k.schema.alterTable('searches').addColumn('dropped_at', time).execute();

      const students: Student[] = await k
        .selectFrom('users')
        .select(['id', 'campus_id', 'username', 'email', 'school_email'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const holders = new Map<string, Student>();
      const at = Date.now();
      for (const student of students) {
        const mailbox = student.school_email === null ? null : mailboxOf(student.school_email);
        const holder = mailbox === null ? undefined : holders.get(mailbox);
        if (mailbox !== null && !holder) holders.set(mailbox, student);
        await k
          .updateTable('users')
          .set({ email_mailbox: mailboxOf(student.email), school_mailbox: holder ? null : mailbox })
          .where('id', '=', student.id)
          .execute();
        if (holder)
          await k
            .insertInto('reports')
            .values({
              id: uuidv7(),
              reporter_id: student.id,
              target_user_id: student.id,
              reason: MODERATION_MESSAGES.sharedMailbox(holder.username, mailbox!),
              created_at: at,
              campus_id: student.campus_id,
            })
            .execute();
      }
      await k.schema
        .createIndex('users_school_mailbox')
        .on('users')
        .column('school_mailbox')
        .unique()
        .execute();
      await k.schema
        .createIndex('users_email_mailbox')
        .on('users')
        .column('email_mailbox')
        .execute();

      // What a report points at decides its campus; the reporter's only if the thing is gone.
      await sql`
        update reports set campus_id = coalesce(
          (select p.campus_id from posts p where p.id = reports.target_post_id),
          (select u.campus_id from messages m join users u on u.id = m.sender_id
            where m.id = reports.target_message_id),
          (select u.campus_id from users u where u.id = reports.target_user_id),
          (select u.campus_id from users u where u.id = reports.reporter_id))
        where campus_id is null`.execute(k);
      await k.schema
        .createIndex('reports_campus_open')
        .on('reports')
        .columns(['campus_id', 'closed_at'])
        .execute();

      await k.schema
        .createIndex('user_searches_search')
        .on('user_searches')
        .columns(['search_id', 'user_id'])
        .execute();
    },
  };
}
