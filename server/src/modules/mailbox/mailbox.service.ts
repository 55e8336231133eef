import type { Db } from '../../db/kysely';
import { DEFAULT_MAX_ATTEMPTS } from '../../platform/mail';
import { createMailboxRepository, type MailboxMessage } from './mailbox.repository';

/** A dev mailbox is for reading a few codes, not an archive: it shows the newest ones. */
const PAGE_LIMIT = 200;

/** Where a message stands: delivered, waiting, failed but retrying, or given up. */
export type MailboxStatus = 'sent' | 'queued' | 'retrying' | 'failed';

export interface MailboxEntry extends MailboxMessage {
  status: MailboxStatus;
}

export interface MailboxListing {
  items: MailboxEntry[];
  /** How many messages match in all, which may be more than `items` holds. */
  total: number;
}

/** The dev mailbox's messages: what the mailbox routes call. */
export interface MailboxService {
  /** The newest messages first, optionally only those to one address (any case). */
  list(to?: string): Promise<MailboxListing>;
}

export function createMailboxService(db: Db): MailboxService {
  const mailbox = createMailboxRepository(db);
  return {
    async list(to?: string): Promise<MailboxListing> {
      const page = await mailbox.list({ to, limit: PAGE_LIMIT });
      return { total: page.total, items: page.items.map((m) => ({ ...m, status: statusOf(m) })) };
    },
  };
}

function statusOf(mail: MailboxMessage): MailboxStatus {
  if (mail.sentAt !== null) return 'sent';
  if (mail.lastError === null) return 'queued';
  return mail.attempts >= DEFAULT_MAX_ATTEMPTS ? 'failed' : 'retrying';
}
