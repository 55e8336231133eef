import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { loadConfig } from '../../config';
import type { MailTransport, OutgoingMail } from '../../platform/mail';
import { createMailWorker, DEFAULT_MAX_ATTEMPTS, enqueueMail } from '../../platform/mail';

function buildMail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  const tag = randomUUID().slice(0, 8);
  return {
    to: `student-${tag}@ou.edu`,
    subject: `Your OU Buy / Sell code ${tag}`,
    html: `<p>Your code is <b>${tag}</b></p>`,
    text: `Your code is ${tag}`,
    ...overrides,
  };
}

describe('dev mailbox', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('lists every message newest first, with subject, bodies and status', async () => {
    const clock = { now: Date.now() };
    const sent = buildMail();
    const doomed = buildMail();
    const retrying = buildMail();
    const queued = buildMail({
      subject: 'Quotes "and" <tags> & more',
      html: `<p class="x">It's <a href="http://localhost/verify?a=1&b=2">here</a></p><script>alert(1)</script>`,
      text: 'Line one\n<not a tag> & done',
    });
    const transport: MailTransport = {
      name: 'test',
      async send(mail) {
        if (mail.to === doomed.to) throw new Error('relay said <no>');
        if (mail.to === retrying.to) throw new Error('try again later');
      },
      async close() {},
    };
    const worker = createMailWorker({
      db: ctx.db,
      transport,
      logger: { warn: vi.fn(), error: vi.fn() },
      now: () => clock.now,
    });
    await enqueueMail(ctx.db.kysely, sent, clock.now - 2);
    await enqueueMail(ctx.db.kysely, doomed, clock.now - 1);
    for (let i = 0; i < DEFAULT_MAX_ATTEMPTS; i += 1) {
      await worker.runOnce();
      clock.now += 3_600_000;
    }
    await enqueueMail(ctx.db.kysely, retrying, clock.now);
    await worker.runOnce();
    await enqueueMail(ctx.db.kysely, queued, clock.now + 1);

    const response = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;

    // Newest first.
    const positions = [queued, retrying, doomed, sent].map((m) =>
      page.indexOf(`>${escape(m.to)}</a>`),
    );
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // Subjects and plain text are escaped text; the HTML body is an escaped srcdoc.
    expect(page).toContain(escape(sent.subject));
    expect(page).toContain('Quotes &#34;and&#34; &#60;tags&#62; &#38; more');
    expect(page).toContain('<pre>Line one\n&#60;not a tag&#62; &#38; done</pre>');
    expect(page).toContain(`srcdoc="${escape('<base target="_blank">')}${escape(queued.html)}"`);
    expect(page).toMatch(/<iframe sandbox="[^"]*" srcdoc=/);
    expect(page).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(page).not.toContain('<script');
    expect(page).toContain('<details>');

    // Status of each message.
    expect(articleOf(page, sent.to)).toContain('status-sent');
    expect(articleOf(page, queued.to)).toContain('status-queued');
    expect(articleOf(page, retrying.to)).toContain('status-retrying');
    expect(articleOf(page, retrying.to)).toContain('Failed once, will retry');
    expect(articleOf(page, retrying.to)).toContain('try again later');
    expect(articleOf(page, doomed.to)).toContain('status-failed');
    expect(articleOf(page, doomed.to)).toContain(`Gave up after ${DEFAULT_MAX_ATTEMPTS} attempts`);
    expect(articleOf(page, doomed.to)).toContain('relay said &#60;no&#62;');
    expect(articleOf(page, sent.to)).not.toContain('class="error"');

    // The app's CSP (no inline script) still applies to the page.
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('filters by recipient with ?to=, ignoring case', async () => {
    const mine = buildMail();
    const other = buildMail();
    await enqueueMail(ctx.db.kysely, mine);
    await enqueueMail(ctx.db.kysely, other);

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(mine.to.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(escape(mine.subject));
    expect(response.body).not.toContain(escape(other.subject));
    expect(response.body).toContain('1 message to');

    const empty = await ctx.app.inject({
      method: 'GET',
      url: '/dev/mailbox?to=nobody-here%40ou.edu',
    });
    expect(empty.body).toContain('No mail to nobody-here@ou.edu yet.');
  });

  it('returns the messages as JSON, newest first, for end-to-end tests', async () => {
    const to = `reader-${randomUUID().slice(0, 8)}@utexas.edu`;
    const at = Date.now();
    const older = buildMail({ to, subject: 'First code' });
    const newer = buildMail({ to, subject: 'Second code' });
    const olderId = await enqueueMail(ctx.db.kysely, older, at);
    const newerId = await enqueueMail(ctx.db.kysely, newer, at + 1);

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: newerId,
          to,
          subject: newer.subject,
          text: newer.text,
          html: newer.html,
          createdAt: at + 1,
          sentAt: null,
        },
        {
          id: olderId,
          to,
          subject: older.subject,
          text: older.text,
          html: older.html,
          createdAt: at,
          sentAt: null,
        },
      ],
    });

    const all = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    const items = all.json<{ items: { id: string; createdAt: number }[] }>().items;
    expect(items.map((i) => i.id)).toEqual(expect.arrayContaining([olderId, newerId]));
    const times = items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is not in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ paths: object }>().paths)).not.toContain('/dev/mailbox');
    expect(response.body).not.toContain('/dev/mailbox');
  });
});

describe('dev mailbox, for this machine only', () => {
  // The page holds every password-reset link: anyone on the network who could
  // read it could take over any account, and `npm start` listens on every interface.
  const URLS = ['/dev/mailbox', '/dev/mailbox.json'];
  let ctx: TestContext;
  let proxied: TestContext;
  let mail: OutgoingMail;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Behind a proxy request.ip follows X-Forwarded-For, which a client writes as it likes.
    proxied = await createTestApp({ env: { TRUST_PROXY: 'on' } });
    mail = buildMail();
    await enqueueMail(ctx.db.kysely, mail);
    await enqueueMail(proxied.db.kysely, mail);
  });

  afterAll(async () => {
    await ctx.close();
    await proxied.close();
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'is served to a client at %s, and says it is shown only to this machine',
    async (remoteAddress) => {
      for (const url of URLS) {
        const response = await ctx.app.inject({ method: 'GET', url, remoteAddress });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain(escape(mail.subject));
      }
      const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(page.body).toContain('only to this machine');
    },
  );

  it.each([
    ['a neighbour on the network', '192.168.1.23', {}],
    ['a private address', '10.0.0.5', {}],
    ['a public address', '203.0.113.9', {}],
    ['an IPv4-mapped neighbour', '::ffff:192.168.1.23', {}],
    ['an IPv6 link-local neighbour', 'fe80::1', {}],
    ['a neighbour claiming to be local', '192.168.1.23', { 'x-forwarded-for': '127.0.0.1' }],
    ['a neighbour claiming so in X-Real-IP', '192.168.1.23', { 'x-real-ip': '127.0.0.1' }],
    ['a client relayed by a local proxy', '127.0.0.1', { 'x-forwarded-for': '192.168.1.23' }],
    ['a client relayed as Forwarded', '127.0.0.1', { forwarded: 'for=192.168.1.23' }],
  ] as const)(
    'answers %s (%s) 404, as if it did not exist',
    async (_name, remoteAddress, headers) => {
      for (const app of [ctx.app, proxied.app]) {
        for (const url of [...URLS, `/dev/mailbox.json?to=${encodeURIComponent(mail.to)}`]) {
          const response = await app.inject({ method: 'GET', url, remoteAddress, headers });
          expect(response.statusCode, url).toBe(404);
          expect(response.body, url).not.toContain(mail.subject);
          expect(response.body, url).not.toContain(mail.to);
        }
      }
    },
  );

  it.each([
    'attacker.example',
    'attacker.example:3000',
    'localhost.attacker.example',
    'ou.localhost.attacker.example:3000',
    '127.0.0.1.nip.io',
    'ou.quad.example.com',
  ])(
    'answers a page of another site on this machine (Host %s, DNS rebinding) 404 in the error body',
    async (host) => {
      const requests = [
        ...URLS.map((url) => ({ method: 'GET' as const, url })),
        {
          method: 'POST' as const,
          url: '/dev/students',
          payload: { name: 'Ann Lee', email: 'rebound@example.com', password: 'maroon-bicycle-42' },
        },
        { method: 'POST' as const, url: '/dev/jobs/upload-sweep', payload: {} },
      ];
      for (const request of requests) {
        const response = await ctx.app.inject({
          ...request,
          headers: { host, accept: 'application/json', 'x-quad-csrf': '1' },
        });
        expect(response.statusCode, request.url).toBe(404);
        expect(response.json(), request.url).toEqual({
          error: { code: 'not_found', message: `Route ${request.method} ${request.url} not found` },
        });
      }
      const made = await ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'rebound@example.com')
        .executeTakeFirst();
      expect(made).toBeUndefined();
    },
  );

  it.each(['localhost:3000', 'ut.localhost:3000', 'LOCALHOST.', '127.0.0.1:3000', '[::1]:3000'])(
    'is served by one of its own names (Host %s)',
    async (host) => {
      const response = await ctx.app.inject({ url: '/dev/mailbox.json', headers: { host } });
      expect(response.statusCode).toBe(200);
    },
  );

  it('answers a browser elsewhere what it answers for any unknown address', async () => {
    const headers = { accept: 'text/html' };
    const remoteAddress = '192.168.1.23';
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress,
      headers,
    });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/dev/nothing',
      remoteAddress,
      headers,
    });
    expect(refused.statusCode).toBe(unknown.statusCode);
    expect(refused.body).not.toContain(mail.subject);
    expect(refused.body).not.toContain('Dev mailbox');
  });
});

describe('dev mailbox availability', () => {
  it.each([
    ['on localhost by default', {}, true],
    ['off when SMTP_URL is set', { SMTP_URL: 'smtp://mail.example.com:587' }, false],
    [
      'off when SMTP_URL is set, even if forced on',
      { SMTP_URL: 'smtp://mail.example.com', DEV_MAILBOX: 'on' },
      false,
    ],
    ['off on a public domain', { BASE_DOMAIN: 'quad.example.com' }, false],
    [
      'on a public domain only when forced on',
      { BASE_DOMAIN: 'quad.example.com', DEV_MAILBOX: 'on' },
      true,
    ],
    ['off on localhost when turned off', { DEV_MAILBOX: 'off' }, false],
  ] as const)('is %s', (_name, env, expected) => {
    expect(loadConfig(env).devMailbox).toBe(expected);
  });

  it.each([
    ['SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['BASE_DOMAIN is not localhost', { BASE_DOMAIN: 'quad.example.com' }],
    ['DEV_MAILBOX is off', { DEV_MAILBOX: 'off' }],
  ] as const)('answers 404 when %s', async (_name, env) => {
    const ctx = await createTestApp({ env });
    try {
      await enqueueMail(ctx.db.kysely, buildMail());
      for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.json?to=a%40ou.edu']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('Your OU Buy / Sell code');
      }
    } finally {
      await ctx.close();
    }
  });

  it('is served on a public domain when DEV_MAILBOX=on', async () => {
    const ctx = await createTestApp({
      env: { BASE_DOMAIN: 'quad.example.com', DEV_MAILBOX: 'on' },
    });
    try {
      const mail = buildMail();
      await enqueueMail(ctx.db.kysely, mail);
      const response = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ items: { to: string }[] }>().items.map((i) => i.to)).toContain(
        mail.to,
      );
      // By the deployment's own names too, and by no other.
      const byHost = async (host: string) =>
        (await ctx.app.inject({ url: '/dev/mailbox.json', headers: { host } })).statusCode;
      expect(await byHost('quad.example.com')).toBe(200);
      expect(await byHost('ut.quad.example.com:443')).toBe(200);
      expect(await byHost('nowhere.quad.example.com')).toBe(404);
      expect(await byHost('quad.example.com.attacker.example')).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

/** What the page shows of text: each of < > & " ' as its numeric reference. */
function escape(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The <article> of the page that shows mail to `to`. */
function articleOf(page: string, to: string): string {
  const at = page.indexOf(`>${escape(to)}</a>`);
  const start = page.lastIndexOf('<article', at);
  return page.slice(start, page.indexOf('</article>', at));
}
