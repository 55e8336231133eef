import type { Config } from '../../config';
import { createDevTransport } from './dev-transport';
import type { MailTransport } from './mail';
import { createSmtpTransport } from './smtp-transport';

export type { MailTransport, OutgoingMail } from './mail';
export { createDevTransport } from './dev-transport';
export { createSmtpTransport } from './smtp-transport';
export {
  createMailWorker,
  createOutboxRetention,
  DEFAULT_MAX_ATTEMPTS,
  deleteMailTo,
  enqueueMail,
  type OutboxRetention,
  retryDelayMs,
  type MailWorker,
  type MailWorkerLogger,
  type MailWorkerOptions,
  wakeAfterAnswersThatQueuedMail,
} from './outbox';

/** SMTP when SMTP_URL is set; otherwise the dev transport (console line + /dev/mailbox). */
export function createMailTransport(config: Config, log: (line: string) => void): MailTransport {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl, config.mailFrom);
  if (!config.devMailbox) {
    log(
      'SMTP_URL is not set and the dev mailbox is off (BASE_DOMAIN is not localhost): e-mail is ' +
        'kept in the mail_outbox table only. Set SMTP_URL to deliver it.',
    );
  }
  return createDevTransport(log, `${config.publicUrl}/dev/mailbox`);
}
