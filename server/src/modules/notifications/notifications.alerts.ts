import { type Campus, campusUrl, compiledCampusOrFallback } from '@common/campuses';
import { KIND_OF_TYPE } from '@common/schemas/notification-settings';
import type { NotificationType } from '@common/schemas/notifications';
import type { Executor } from '../../db/schema';
import { enqueueMail } from '../../platform/mail';
import { alertLink, alertMail, unsubscribeToken } from './notifications.mails';
import { type Reach, reach } from './notifications.preferences';
import { alertTopic, notificationsRepository as notifications } from './notifications.repository';

/**
 * The acts that also send an e-mail: a message, a new chat, a save, a
 * comment, an offer's answer, and the reminders (a meetup in an hour, "Did
 * it sell?", ADR 059).
 */
const MAILED = new Set<NotificationType>([
  'message',
  'new chat',
  'like',
  'comment',
  'offer',
  'meetup',
  'did it sell',
]);

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
 * students whose settings let that kind through by e-mail, and one per chat
 * (or per post and kind) in ten minutes; in quiet hours the e-mail waits for
 * their end, and one covers the whole quiet night (ADR 059).
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
      for (const type of new Set(mailed.map((r) => r.type as NotificationType))) {
        const ofType = mailed.filter((r) => r.type === type);
        const at = Math.min(...ofType.map((r) => r.created_at));
        const reached = await reach(
          trx,
          ofType.map((r) => r.to_user_id),
          KIND_OF_TYPE[type],
          'email',
          at,
        );
        for (const row of ofType) {
          const when = reached.get(row.to_user_id);
          if (when) await queueOne(trx, row, when);
        }
      }
    },
  };

  async function queueOne(trx: Executor, row: StoredNotification, when: Reach): Promise<void> {
    const since = Math.min(row.created_at - ALERT_WINDOW_MS, when.quietSince ?? Infinity);
    const to = await notifications.mailRecipient(trx, row, since);
    if (!to || to.covered) return;
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
      Math.max(row.created_at, when.at),
    );
    await notifications.markMailed(trx, to.id, alertTopic(row), row.created_at);
  }
}
