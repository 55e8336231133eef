import type { MailboxEntry, MailboxListing } from './mailbox.service';
import { escapeHtml } from '@common/text';

/** The whole /dev/mailbox page: self-contained HTML with inline CSS and no script (CSP). */
export function renderMailboxPage(page: MailboxListing, to: string | undefined): string {
  const shown = page.items.length;
  const summary =
    page.total === 0
      ? ''
      : `${page.total === 1 ? '1 message' : `${page.total} messages`}${to ? ` to ${escapeHtml(to)}` : ''}` +
        (page.total > shown ? `, newest ${shown} shown` : '');
  const emptyState = to
    ? `No mail to ${escapeHtml(to)} yet. <a href="/dev/mailbox">Show all mail</a>`
    : 'No mail yet. Messages appear here as soon as Quad queues them.';
  const jsonHref = `/dev/mailbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${to ? `${escapeHtml(to)} · ` : ''}Dev mailbox · Quad</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<header class="top">
  <div class="wrap">
    <h1>Dev mailbox</h1>
    <p class="lede">Every e-mail Quad has queued on this server, newest first. It is shown only
      while there is no SMTP_URL and BASE_DOMAIN is localhost (or DEV_MAILBOX=on),
      and only to this machine: other devices get a 404, since these links sign anyone in.</p>
    <form class="filter" method="get" action="/dev/mailbox">
      <label for="to">Recipient</label>
      <input id="to" name="to" type="search" value="${escapeHtml(to ?? '')}" placeholder="student@school.edu" autocomplete="off" spellcheck="false">
      <button type="submit">Filter</button>
      ${to ? '<a href="/dev/mailbox">Show all</a>' : ''}
      <a href="${escapeHtml(jsonHref)}">JSON</a>
      <a href="${escapeHtml(to ? `/dev/mailbox?to=${encodeURIComponent(to)}` : '/dev/mailbox')}">Refresh</a>
    </form>
  </div>
</header>
<main class="wrap">
  ${summary ? `<p class="summary">${summary}</p>` : ''}
  ${shown === 0 ? `<p class="empty">${emptyState}</p>` : page.items.map(renderMessage).join('\n')}
</main>
</body>
</html>
`;
}

function renderMessage(mail: MailboxEntry): string {
  const { status } = mail;
  const statusLine = {
    sent: `Sent ${renderTime(mail.sentAt ?? mail.createdAt)}`,
    queued: 'Queued',
    retrying: `Failed ${mail.attempts === 1 ? 'once' : `${mail.attempts} times`}, will retry`,
    failed: `Gave up after ${mail.attempts} attempts`,
  }[status];
  const subject = mail.subject || '(no subject)';
  // The HTML body is shown as the recipient would see it, but sandboxed: no scripts, no
  // forms, its own origin. Links open in a new tab so a magic link can be followed.
  const frameDocument = `<base target="_blank">${mail.html}`;
  return `<article class="mail" id="mail-${escapeHtml(mail.id)}">
    <header class="mail-head">
      <h2>${escapeHtml(subject)}</h2>
      <span class="status status-${status}">${statusLine}</span>
      <dl class="meta">
        <div><dt>To</dt><dd><a href="/dev/mailbox?to=${escapeHtml(encodeURIComponent(mail.to))}">${escapeHtml(mail.to)}</a></dd></div>
        <div><dt>Queued</dt><dd>${renderTime(mail.createdAt)}</dd></div>
      </dl>
    </header>
    ${
      status !== 'sent' && mail.lastError !== null
        ? `<p class="error"><strong>Last error:</strong> ${escapeHtml(mail.lastError)}</p>`
        : ''
    }
    <iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(frameDocument)}" title="${escapeHtml(`HTML body of ${subject}`)}" loading="lazy"></iframe>
    <details>
      <summary>Plain text</summary>
      <pre>${escapeHtml(mail.text)}</pre>
    </details>
  </article>`;
}

function renderTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC</time>`;
}

const PAGE_CSS = `
:root { color-scheme: light; --ink: #1d2330; --muted: #5d6677; --line: #dde1e8; --bg: #f4f5f8;
  --card: #fff; --accent: #3b5bdb; --ok: #1e7b46; --ok-bg: #e3f5ea; --bad: #b42318; --bad-bg: #fde8e6;
  --wait: #8a5a00; --wait-bg: #fdf1d8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--bg); }
.wrap { max-width: 920px; margin: 0 auto; padding: 0 20px; }
.top { background: var(--card); border-bottom: 1px solid var(--line); padding: 20px 0 16px; }
h1 { margin: 0 0 4px; font-size: 22px; }
.lede { margin: 0 0 14px; color: var(--muted); font-size: 14px; }
.filter { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
.filter label { font-weight: 600; font-size: 14px; }
.filter input { flex: 1 1 260px; min-width: 0; padding: 7px 10px; font: inherit;
  border: 1px solid var(--line); border-radius: 8px; }
.filter button { padding: 7px 16px; font: inherit; font-weight: 600; color: #fff;
  background: var(--accent); border: 0; border-radius: 8px; cursor: pointer; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #91a7ff; outline-offset: 2px; }
.summary { color: var(--muted); margin: 18px 0 10px; font-size: 14px; }
.empty { margin: 48px 0; text-align: center; color: var(--muted); }
.mail { background: var(--card); border: 1px solid var(--line); border-radius: 12px;
  margin: 0 0 18px; padding: 16px 18px; }
.mail-head { display: grid; grid-template-columns: 1fr auto; gap: 6px 12px; align-items: start; }
.mail-head h2 { margin: 0; font-size: 17px; overflow-wrap: anywhere; }
.status { font-size: 12px; font-weight: 600; padding: 3px 10px; border-radius: 999px; white-space: nowrap; }
.status-sent { color: var(--ok); background: var(--ok-bg); }
.status-queued { color: var(--wait); background: var(--wait-bg); }
.status-retrying, .status-failed { color: var(--bad); background: var(--bad-bg); }
.meta { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 0;
  font-size: 13px; color: var(--muted); }
.meta div { display: flex; gap: 6px; }
.meta dt { font-weight: 600; }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.error { margin: 12px 0 0; padding: 8px 12px; font-size: 13px; color: var(--bad);
  background: var(--bad-bg); border-radius: 8px; overflow-wrap: anywhere; }
iframe { display: block; width: 100%; height: 260px; margin-top: 14px; border: 1px solid var(--line);
  border-radius: 8px; background: #fff; resize: vertical; overflow: auto; }
details { margin-top: 10px; font-size: 14px; }
summary { cursor: pointer; color: var(--muted); font-weight: 600; }
pre { margin: 8px 0 0; padding: 12px; background: var(--bg); border-radius: 8px;
  white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; }
`;
