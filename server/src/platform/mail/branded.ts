import type { Campus } from '@common/campuses';
import { escapeHtml } from '@common/text';
import type { OutgoingMail } from './mail';

/** A subject is cut to this many characters, an ellipsis last. */
const SUBJECT_MAX = 120;

/**
 * The grey line at the foot of an e-mail: why it came (HTML) and, on mail a
 * student chose to get, the link that stops it, written out in the text part too.
 */
export interface MailFooter {
  because: string;
  stop?: { href: string; label: string };
}

/** What one e-mail says; `campusMail` puts it in the campus's layout. */
export interface CampusMailContent {
  to: string;
  subject: string;
  heading: string;
  /** The body, HTML. */
  html: string;
  /** The body, plain text. */
  text: string;
  /** Without one: "someone used this address", for mail nobody subscribed to. */
  footer?: MailFooter;
}

const defaultFooter = (campus: Campus): MailFooter => ({
  because: `You get this e-mail because someone used this address on ${escapeHtml(campus.productName)}. If it wasn't you, you can ignore it.`,
});

function footerHtml({ because, stop }: MailFooter): string {
  if (!stop) return because;
  return `${because} <a href="${escapeHtml(stop.href)}" style="color:#5b616b">${escapeHtml(stop.label)}</a>.`;
}

/**
 * The one layout of every Quad e-mail: the campus's name on its colour, a
 * heading, the body and a grey footer line. `body` is HTML.
 */
export function brandedMail(
  campus: Campus,
  heading: string,
  body: string,
  footer: MailFooter = defaultFooter(campus),
): string {
  return `<!doctype html><html><body style="margin:0;background:#f2f3f5;font-family:Helvetica,Arial,sans-serif;color:#1c1e21">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${campus.theme.primary};color:${campus.theme.onPrimary};padding:18px 24px;font-size:20px;font-weight:800">${escapeHtml(campus.productName)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>${body}</td></tr>
<tr><td style="padding:16px 24px;color:#8a9099;font-size:12px">${footerHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A subject no longer than a mail client shows. */
export function mailSubject(subject: string): string {
  return subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject;
}

/**
 * An e-mail of the campus: its HTML in the one layout, its text part ending
 * with the footer's stop link when it has one, its subject cut to fit.
 */
export function campusMail(campus: Campus, content: CampusMailContent): OutgoingMail {
  const { stop } = content.footer ?? {};
  return {
    to: content.to,
    subject: mailSubject(content.subject),
    html: brandedMail(campus, content.heading, content.html, content.footer),
    text: stop ? `${content.text}\n\n${stop.label}: ${stop.href}` : content.text,
  };
}

/** A call-to-action button with the link written out below it. */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1c1e21;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:999px">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#5b616b">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(href)}</span></p>`;
}
