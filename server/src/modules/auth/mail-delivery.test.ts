import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, sessionCookie } from '../../../test/auth';
import {
  createMailWorker,
  createSmtpTransport,
  type MailTransport,
  type MailWorker,
} from '../../platform/mail';

/**
 * Account e-mail end to end: what the API queues in the outbox is delivered by
 * the outbox worker through a real SMTP server, and what arrives works.
 */

interface Received {
  to: string[];
  raw: string;
}

let t: TestContext;
let server: SMTPServer;
let transport: MailTransport;
let worker: MailWorker;
const inbox: Received[] = [];
const logger = { warn: vi.fn(), error: vi.fn() };

let ipSequence = 0;
const nextIp = () => `198.18.0.${++ipSequence}`;

beforeAll(async () => {
  // Plain SMTP on a free port, no AUTH or STARTTLS (see smtp-transport.test.ts).
  server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  t = await createTestApp();
  transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'OU Buy / Sell <no-reply@quad.test>');
  worker = createMailWorker({ db: t.db, transport, logger });
});

afterAll(async () => {
  await worker?.stop();
  await transport?.close();
  await t?.close();
  await new Promise<void>((resolve) => server.close(resolve));
});

/** Delivers the outbox and returns the one message that reached `to`. */
async function deliveredTo(to: string) {
  await worker.runOnce();
  expect(logger.warn).not.toHaveBeenCalled();
  expect(logger.error).not.toHaveBeenCalled();
  const received = inbox.filter((m) => m.to.includes(to));
  expect(received).toHaveLength(1);
  return parseMessage(received[0]!.raw);
}

describe('account mail through SMTP', () => {
  it("delivers a new account's verification code, and the code verifies the account", async () => {
    const email = `mail-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await api(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Mail Tester', email, password: 'maroon-quad-sofa', terms: true },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = sessionCookie(registered);

    // The /verify page asks for the code on arrival.
    const sent = await api(t.app, {
      method: 'POST',
      url: '/api/verification/code',
      payload: {},
      cookie,
      remoteAddress: nextIp(),
    });
    expect(sent.json()).toEqual({ sent: true, email });

    const message = await deliveredTo(email);
    expect(message.headers.get('to')).toBe(email);
    const subject = message.headers.get('subject') ?? '';
    const code = /^(\d{4}) is your OU Buy \/ Sell verification code$/.exec(subject)?.[1];
    expect(code, subject).toBeDefined();
    expect(message.parts.get('text/plain')).toContain(code);
    expect(message.parts.get('text/html')).toContain(code);

    const verified = await api(t.app, {
      method: 'POST',
      url: '/api/verification/verify',
      payload: { code },
      cookie,
      remoteAddress: nextIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().viewer).toMatchObject({ email, verified: true });
  });

  it('delivers a sign-in link that signs the new user up', async () => {
    const email = `link-${randomUUID().slice(0, 8)}@example.com`;
    const requested = await api(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email, first: 'Link', last: 'Tester' },
      campus: 'ut',
      remoteAddress: nextIp(),
    });
    expect(requested.statusCode, requested.body).toBe(200);

    const message = await deliveredTo(email);
    expect(message.headers.get('subject')).toBe('Finish joining UT Buy / Sell');
    const text = message.parts.get('text/plain') ?? '';
    const href = /https?:\/\/\S+/.exec(text)?.[0];
    expect(href, text).toBeDefined();
    const link = new URL(href!);
    expect(link.origin).toBe('http://ut.localhost:3000');
    expect(link.pathname).toBe('/login/sent');
    expect(link.searchParams.get('email')).toBe(email);
    // The HTML button carries the same link.
    expect(message.parts.get('text/html')).toContain(link.searchParams.get('token'));

    const completed = await api(t.app, {
      method: 'POST',
      url: '/api/auth/magic-link/complete',
      payload: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
      campus: 'ut',
      remoteAddress: nextIp(),
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({
      registered: true,
      viewer: { email, firstName: 'Link', lastName: 'Tester', campusId: 'ut', verified: true },
    });
    const me = await api(t.app, {
      method: 'GET',
      url: '/api/me',
      cookie: sessionCookie(completed),
      campus: 'ut',
    });
    expect(me.json().viewer?.email).toBe(email);
  });
});

/** Just enough MIME to read nodemailer's multipart/alternative back: headers and decoded parts. */
function parseMessage(raw: string) {
  const [head, body] = splitOnce(raw, /\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = new Map<string, string>();
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const [partHead, partBody] = splitOnce(section.replace(/^\r?\n/, ''), /\r?\n\r?\n/);
    const partHeaders = parseHeaders(partHead);
    const type = (partHeaders.get('content-type') ?? 'text/plain').split(';')[0]!.trim();
    parts.set(
      type,
      decode(partBody.replace(/\r?\n$/, ''), partHeaders.get('content-transfer-encoding')),
    );
  }
  return { headers, parts };
}

function splitOnce(value: string, separator: RegExp): [string, string] {
  const match = separator.exec(value);
  if (!match) return [value, ''];
  return [value.slice(0, match.index), value.slice(match.index + match[0].length)];
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const unfolded = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < unfolded.length; i += 1) {
        const hex = unfolded.slice(i + 1, i + 3);
        if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}
