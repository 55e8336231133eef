/** One e-mail as Quad sends it: always both an HTML and a plain-text body. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * How mail leaves the building: SMTP through nodemailer when SMTP_URL is set,
 * otherwise the dev mailbox (a console line; the message stays readable at
 * /dev/mailbox). The outbox worker is the only caller.
 */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
