import { type Campus, campusUrl, compiledCampusOrFallback } from '@common/campuses';
import type { NotificationType } from '@common/schemas/notifications';
import type { Executor } from '../../db/schema';
import { enqueueMail } from '../../platform/mail';
import { alertLink, alertMail, unsubscribeToken } from './notifications.mails';
import { notificationsRepository as notifications } from './notifications.repository';

/** The acts that also send an e-mail: a message, a new chat, a save, a comment, an offer's answer. */
const MAILED = new Set<NotificationType>(['message', 'new chat', 'like', 'comment', 'offer']);

/** A busy chat (or post) sends at most one e-mail per this long. */
export const ALERT_WINDOW_MS = 10 * 60 * 1000;

interface StoredNotification {
  id: string;
  type: string;
  to_user_id: string;
  post_id: string | null;
  chat_id: string | null;
  message: string;
  created_at: number;
}

export interface AlertMailerDeps {
  publicUrl: string;
  secretKey: string;
  /** The campus of a student's id (the registry's, ADR 054); the compiled ones by default. */
  campusOf?: (id: string) => Campus;
}

/**
 * E-mail alerts through the mail outbox, in the act's transaction: only to
 * students with `email_notifications` on, and one per chat (or per post and
 * kind) in ten minutes.
 */
export interface AlertMailer {
  /** Queues the e-mails of these stored notifications in `trx`, to whoever wants them. */
  queue(trx: Executor, rows: StoredNotification[]): Promise<void>;
}

/** Builds the alert mailer. */
export function createAlertMailer({
  publicUrl,
  secretKey,
  campusOf = compiledCampusOrFallback,
}: AlertMailerDeps): AlertMailer {
  return {
    async queue(trx: Executor, rows: StoredNotification[]): Promise<void> {
      const mailed = rows.filter((r) => MAILED.has(r.type as NotificationType));
      for (const row of mailed) {
        const to = await notifications.mailRecipient(trx, row, row.created_at - ALERT_WINDOW_MS);
        if (!to?.email_notifications || to.covered) continue;
        const campus = campusOf(to.campus_id);
        const site = campusUrl(publicUrl, campus.id);
        await enqueueMail(
          trx,
          alertMail(campus, to.email, {
            message: row.message,
            link: alertLink(publicUrl, campus, { chatId: row.chat_id, postId: row.post_id }),
            unsubscribe: `${site}/api/unsubscribe?token=${unsubscribeToken(secretKey, to.id)}`,
            chat: row.chat_id !== null,
          }),
          row.created_at,
        );
      }
    },
  };
}
