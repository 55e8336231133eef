import { type Campus, campusUrl } from '@common/campuses';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { OutgoingMail } from '../../platform/mail';
import { campusMail, mailButton } from '../../platform/mail/branded';
import { escapeHtml } from '@common/text';

/** The settings page where a student pauses, changes or deletes saved searches. */
export const SETTINGS_PATH = '/settings/saved-searches';

/** A listing an e-mail quotes. */
export interface MailedListing {
  id: string;
  text: string;
}

/** The listings of one saved search in an e-mail. */
export interface MailedGroup {
  query: string;
  listings: MailedListing[];
}

const QUOTE = 140;
const quote = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim() || 'A photo';
  return flat.length > QUOTE ? `${flat.slice(0, QUOTE - 1)}…` : flat;
};
const plural = (n: number) => (n === 1 ? '1 new listing' : `${n} new listings`);

/**
 * A saved-search e-mail (ADR 010): one listing (an instant alert), the
 * listings an hour's throttle held for one search, or a student's daily
 * digest. Each links to its post; the footer to the settings page.
 */
export function savedSearchMail(
  campus: Campus,
  publicUrl: string,
  to: string,
  groups: MailedGroup[],
  kind: 'instant' | 'daily',
): OutgoingMail {
  const site = campusUrl(publicUrl, campus.id);
  const total = groups.reduce((n, g) => n + g.listings.length, 0);
  const first = groups[0]!;
  const subject =
    kind === 'daily'
      ? `Today on your saved searches: ${plural(total)}`
      : total === 1
        ? NOTIFICATION_TEXT['saved search'](first.query, first.listings[0]!.text)
        : `${plural(total)} for "${first.query}"`;
  const link = (l: MailedListing) => `${site}/post/${l.id}`;
  const settings = `${site}${SETTINGS_PATH}`;
  const html = groups
    .map(
      (g) =>
        `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(`“${g.query}”`)}</h2><ul style="padding-left:18px">${g.listings
          .map(
            (l) =>
              `<li style="margin:6px 0"><a href="${escapeHtml(link(l))}">${escapeHtml(quote(l.text))}</a></li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  const text = groups
    .map((g) =>
      [`"${g.query}"`, ...g.listings.map((l) => `- ${quote(l.text)}\n  ${link(l)}`)].join('\n'),
    )
    .join('\n\n');
  const button = total === 1 ? mailButton(link(first.listings[0]!), 'See the post') : '';
  return campusMail(campus, {
    to,
    subject,
    heading: kind === 'daily' ? subject : `${plural(total)} for your saved search`,
    html: html + button,
    text,
    footer: {
      because: `You get this because you saved a search on ${escapeHtml(campus.productName)}.`,
      stop: { href: settings, label: 'Pause, change or delete your saved searches' },
    },
  });
}
