import { sql } from 'kysely';
import type { Db } from '../../db/kysely';

/** One outbox row as the dev mailbox shows it. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: number;
  sentAt: number | null;
  attempts: number;
  lastError: string | null;
}

export interface MailboxPage {
  items: MailboxMessage[];
  /** How many messages match in all, which may be more than `items` holds. */
  total: number;
}

/** Reads the mail outbox for /dev/mailbox; nothing else reads mail back. */
export function createMailboxRepository(db: Db) {
  const matching = (to: string | undefined) => {
    const query = db.kysely.selectFrom('mail_outbox');
    return to ? query.where(sql<string>`lower(to_address)`, '=', to.toLowerCase()) : query;
  };

  return {
    /** The newest `limit` messages, newest first, optionally only those to one address. */
    async list(options: { to?: string; limit: number }): Promise<MailboxPage> {
      const [rows, count] = await Promise.all([
        matching(options.to)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(options.limit)
          .execute(),
        matching(options.to)
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.total),
        items: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          html: row.html,
          text: row.text,
          createdAt: Number(row.created_at),
          sentAt: row.sent_at === null ? null : Number(row.sent_at),
          attempts: Number(row.attempts),
          lastError: row.last_error,
        })),
      };
    },
  };
}
