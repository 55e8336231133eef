import nodemailer from 'nodemailer';
import type { MailTransport } from './mail';

/**
 * Real delivery through an SMTP relay (SMTP_URL, e.g. smtps://user:pass@smtp.example.com).
 * Options in the URL's query string (nodemailer's own, such as `?pool=false`) override the
 * defaults below. The timeouts stay well under the outbox worker's lease, so a hung relay
 * fails the attempt instead of letting a second server send the same message.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    },
    { from },
  );
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    async close() {
      transporter.close();
    },
  };
}
