import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { maybeScreenshot, openPage, startServer, serverAndBrowser } from './harness';

// A campus of its own: the test counts every post, or every message, it shows.
const env = serverAndBrowser({ ownServer: {} });

interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

interface MailboxItem extends Mail {
  id: string;
  createdAt: number;
  sentAt: number | null;
}

function buildMail(): Mail {
  const code = String(1000 + Math.floor(Math.random() * 9000));
  const tag = randomUUID().slice(0, 8);
  return {
    to: `student-${tag}@utexas.edu`,
    subject: `Your UT Buy / Sell code ${tag}`,
    html: `<p>Your verification code is <strong>${code}</strong>.</p>`,
    text: `Your verification code is ${code}.\nIt expires in 2 hours.`,
  };
}

/**
 * Queues mail the way enqueueMail does, straight into the running server's
 * SQLite outbox (WAL, so this second connection does not disturb it).
 */
function queueMail(dataDir: string, ...mails: Mail[]): string[] {
  const db = new Database(path.join(dataDir, 'quad.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      `insert into mail_outbox (id, to_address, subject, html, text, created_at, attempts, next_attempt_at, sent_at, last_error)
       values (?, ?, ?, ?, ?, ?, 0, ?, null, null)`,
    );
    const now = Date.now();
    return mails.map((mail, index) => {
      const id = randomUUID();
      insert.run(id, mail.to, mail.subject, mail.html, mail.text, now + index, now + index);
      return id;
    });
  } finally {
    db.close();
  }
}

async function mailbox(origin: string): Promise<MailboxItem[]> {
  const res = await fetch(`${origin}/dev/mailbox.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: MailboxItem[] }).items;
}

describe('dev mailbox', () => {
  it('shows a queued message once the worker has delivered it', async () => {
    const first = buildMail();
    const second = buildMail();
    const [firstId, secondId] = queueMail(env.server.dataDir, first, second);
    const origin = `http://127.0.0.1:${env.server.port}`;

    // The outbox worker polls every second; the dev transport marks each message sent.
    await expect
      .poll(
        async () =>
          (await mailbox(origin))
            .filter((m) => m.id === firstId || m.id === secondId)
            .map((m) => m.sentAt !== null),
        { timeout: 15_000, interval: 250 },
      )
      .toEqual([true, true]);
    const listed = (await mailbox(origin)).find((m) => m.id === firstId);
    expect(listed).toMatchObject(first);

    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ut', '/dev/mailbox'));
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    await page.getByText('2 messages').waitFor();

    // Newest first.
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      second.subject,
      first.subject,
    ]);
    const message = page.getByRole('article').filter({
      has: page.getByRole('heading', { name: first.subject }),
    });
    await message.getByText(/^Sent /).waitFor();
    await message.getByRole('link', { name: first.to }).waitFor();

    // The HTML body, as the student would see it.
    const body = message.getByTitle(`HTML body of ${first.subject}`).contentFrame();
    await body.getByText(/^Your verification code is \d{4}\.$/).waitFor();
    expect(await body.getByRole('strong').innerText()).toBe(first.html.match(/\d{4}/)?.[0]);

    // The plain text, behind its disclosure.
    const plain = message.getByText(/It expires in 2 hours\./);
    expect(await plain.isVisible()).toBe(false);
    await message.getByText('Plain text').click();
    await plain.waitFor({ state: 'visible' });
    expect(await plain.innerText()).toBe(first.text);
    await maybeScreenshot(page, 'dev-mailbox');

    // Filtering by recipient keeps only their mail.
    await page.getByLabel('Recipient').fill(first.to.toUpperCase());
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('to'))
      .toBe(first.to.toUpperCase());
    await page.getByText(`1 message to ${first.to.toUpperCase()}`).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([first.subject]);
    await page.getByRole('link', { name: 'Show all' }).click();
    await page.getByText('2 messages').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not exist on a server started with DEV_MAILBOX=off', async () => {
    // Rate limits relaxed for tests need the mailbox (ADR 035): this server keeps them on.
    const closed = await startServer({ DEV_MAILBOX: 'off', RATE_LIMITS: 'on' });
    try {
      queueMail(closed.dataDir, buildMail());
      const res = await fetch(`http://127.0.0.1:${closed.port}/dev/mailbox.json`);
      expect(res.status).toBe(404);

      // In a browser the path is just an unknown page of the app.
      const { context, page } = await openPage(env.browser);
      await page.goto(closed.url('ut', '/dev/mailbox'));
      await page.getByRole('heading', { name: MESSAGES.notFoundTitle }).waitFor();
      expect(await page.getByRole('heading', { name: 'Dev mailbox' }).count()).toBe(0);
      await context.close();
    } finally {
      await closed.stop();
    }
  });
});
