import type { MailTransport } from './mail';

/**
 * Delivery without an SMTP server: one console line per message saying who it
 * is for and where to read it. The message itself stays in the outbox table,
 * which the dev mailbox page at `mailboxUrl` reads.
 */
export function createDevTransport(log: (line: string) => void, mailboxUrl: string): MailTransport {
  return {
    name: 'dev',
    async send(mail) {
      const link = `${mailboxUrl}?to=${encodeURIComponent(mail.to)}`;
      log(`mail to ${mail.to}: ${JSON.stringify(mail.subject)}, read it at ${link}`);
    },
    async close() {},
  };
}
