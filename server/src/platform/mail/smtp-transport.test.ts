import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { loadConfig } from '../../config';
import { createMailTransport } from './index';
import { createMailWorker, enqueueMail } from './outbox';
import { createSmtpTransport } from './smtp-transport';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let db: TestDb;
let server: SMTPServer;
let port: number;
const inbox: Received[] = [];

beforeAll(async () => {
  db = await createTestDb();
  // A real SMTP server on a free port: plain SMTP, no AUTH (and no STARTTLS, whose
  // built-in certificate nodemailer would rightly refuse).
  server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(resolve));
  await db.close();
});

describe('SMTP transport', () => {
  it('delivers queued mail through a real SMTP server, with both bodies', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Quad <no-reply@quad.test>');
    const tag = randomUUID().slice(0, 8);
    const mail = {
      to: `buyer-${tag}@utexas.edu`,
      subject: `Your Quad code ${tag}`,
      html: `<h1>Welcome to Quad</h1><p>Your code is <strong>4821</strong> — café prices ahead.</p>`,
      text: `Welcome to Quad\n\nYour code is 4821 — café prices ahead.`,
    };
    const id = await enqueueMail(db.kysely, mail);
    const worker = createMailWorker({ db, transport, logger: { warn: vi.fn(), error: vi.fn() } });

    expect(await worker.runOnce()).toBe(1);
    await transport.close();

    const received = inbox.filter((m) => m.to.includes(mail.to));
    expect(received).toHaveLength(1);
    const message = parseMessage(received[0]!.raw);
    expect(received[0]!.to).toEqual([mail.to]);
    expect(received[0]!.from).toBe('no-reply@quad.test');
    expect(message.headers.get('subject')).toBe(mail.subject);
    expect(message.headers.get('to')).toBe(mail.to);
    expect(message.headers.get('from')).toBe('Quad <no-reply@quad.test>');
    expect(message.parts.get('text/plain')?.replace(/\r\n/g, '\n')).toBe(mail.text);
    expect(message.parts.get('text/html')).toBe(mail.html);

    const row = await db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.last_error).toBeNull();
  });

  it('records the relay error when the server refuses a recipient, and retries later', async () => {
    const refusing = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(
          Object.assign(new Error(`No such user ${address.address}`), { responseCode: 550 }),
        );
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const refusingPort = (refusing.server.address() as AddressInfo).port;
    const transport = createSmtpTransport(`smtp://127.0.0.1:${refusingPort}`, 'no-reply@quad.test');
    const to = `ghost-${randomUUID().slice(0, 8)}@ou.edu`;
    const id = await enqueueMail(db.kysely, {
      to,
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    const logger = { warn: vi.fn(), error: vi.fn() };
    const worker = createMailWorker({ db, transport, logger });

    try {
      expect(await worker.runOnce()).toBe(0);
    } finally {
      await transport.close();
      await new Promise<void>((resolve) => refusing.close(resolve));
    }
    const row = await db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain(`No such user ${to}`);
    expect(row.next_attempt_at).toBeGreaterThan(Date.now() + 20_000);
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('is chosen when SMTP_URL is set; the dev transport otherwise', () => {
    const smtp = createMailTransport(
      loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }),
      () => {},
    );
    const dev = createMailTransport(loadConfig({}), () => {});
    expect(smtp.name).toBe('smtp');
    expect(dev.name).toBe('dev');
    return Promise.all([smtp.close(), dev.close()]);
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
