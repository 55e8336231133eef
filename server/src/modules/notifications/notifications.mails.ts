import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Campus, campusUrl } from '@common/campuses';
import type { OutgoingMail } from '../../platform/mail';
import { campusMail, mailButton, mailSubject } from '../../platform/mail/branded';
import { escapeHtml } from '@common/text';

/** What an e-mail alert points at: a chat or a post. */
export interface AlertTarget {
  chatId: string | null;
  postId: string | null;
}

/** The link of an alert: the conversation, or the post. */
export function alertLink(publicUrl: string, campus: Campus, target: AlertTarget): string {
  const site = campusUrl(publicUrl, campus.id);
  return target.chatId ? `${site}/messages/${target.chatId}` : `${site}/post/${target.postId}`;
}

/**
 * An e-mail alert (ADR 008): the notification's own words as the subject,
 * a button to what it is about, and a link that turns alerts off.
 */
export function alertMail(
  campus: Campus,
  to: string,
  alert: { message: string; link: string; unsubscribe: string; chat: boolean },
): OutgoingMail {
  const subject = mailSubject(alert.message);
  const action = alert.chat ? 'Open the conversation' : 'See the post';
  return campusMail(campus, {
    to,
    subject,
    heading: subject,
    html: `<p>${escapeHtml(alert.message)}</p>${mailButton(alert.link, action)}`,
    text: `${alert.message}\n\n${action}: ${alert.link}`,
    footer: {
      because: `You get these alerts from ${escapeHtml(campus.productName)}.`,
      stop: { href: alert.unsubscribe, label: 'Turn off e-mail alerts' },
    },
  });
}

const PURPOSE = 'unsubscribe';

/** A token that turns one student's e-mail alerts off, and does nothing else (no session). */
export function unsubscribeToken(secret: string, userId: string): string {
  const signature = createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
  return `${Buffer.from(userId).toString('base64url')}.${signature.toString('base64url')}`;
}

/** The student a token was made for, or null when it was not made with this key. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [id, signature] = token.split('.');
  if (!id || !signature) return null;
  const userId = Buffer.from(id, 'base64url').toString('utf8');
  const expected = Buffer.from(unsubscribeToken(secret, userId).split('.')[1]!, 'base64url');
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** Words of the unsubscribe page behind an alert's link (ADR 008). */
export const UNSUBSCRIBE_TEXT = {
  ask: 'Turn off e-mail alerts?',
  askBody:
    'You will no longer get e-mails of any kind: messages, offers, comments, saves, saved searches or reminders. Notifications in the app stay on.',
  button: 'Turn off e-mail alerts',
  done: 'E-mail alerts are off',
  doneBody:
    'You will no longer get e-mail alerts. You can still see everything under Notifications, and choose which e-mails to get in Settings.',
  invalid: 'This link does not work',
  invalidBody:
    'Open the link from your most recent e-mail alert, or sign in and change it in Settings.',
} as const;

/** The page behind an alert's unsubscribe link: ask, done, or a link that is not ours. */
export function unsubscribePage(
  campus: Campus,
  state: 'ask' | 'done' | 'invalid',
  token = '',
): string {
  const T = UNSUBSCRIBE_TEXT;
  const [heading, body] =
    state === 'ask'
      ? [T.ask, T.askBody]
      : state === 'done'
        ? [T.done, T.doneBody]
        : [T.invalid, T.invalidBody];
  const form =
    state === 'ask'
      ? `<form method="post" action="/api/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" style="background:#1c1e21;color:#fff;border:0;border-radius:999px;padding:12px 20px;font-weight:700;font-size:15px;cursor:pointer">${escapeHtml(T.button)}</button></form>`
      : `<p><a href="/home">${escapeHtml(`Go to ${campus.productName}`)}</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)} · ${escapeHtml(campus.productName)}</title></head>
<body style="margin:0;background:#f2f3f5;font-family:Helvetica,Arial,sans-serif;color:#1c1e21"><main style="max-width:520px;margin:48px auto;padding:0 16px">
<p style="font-weight:800;color:${campus.theme.primary};font-size:20px">${escapeHtml(campus.productName)}</p>
<h1 style="font-size:24px">${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p>${form}</main></body></html>`;
}
