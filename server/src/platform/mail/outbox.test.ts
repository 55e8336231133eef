import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb, testDialect } from '../../../test/db';
import { type Db, openDatabase } from '../../db/kysely';
import type { MailTransport, OutgoingMail } from './mail';
import {
  createMailWorker,
  DEFAULT_MAX_ATTEMPTS,
  enqueueMail,
  type MailWorker,
  type MailWorkerLogger,
  retryDelayMs,
  wakeAfterAnswersThatQueuedMail,
} from './outbox';

// A fresh database per test: the worker sends whatever is due, so tests must not see
// each other's rows.
let db: TestDb;

beforeEach(async () => {
  db = await createTestDb();
});

afterEach(async () => {
  await db.close();
});

/** A message to an address no other test uses, so rows can be found without fixed ids. */
function buildMail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  const tag = randomUUID().slice(0, 8);
  return {
    to: `student-${tag}@ou.edu`,
    subject: `Your code ${tag}`,
    html: `<p>Your code is <b>${tag}</b></p>`,
    text: `Your code is ${tag}`,
    ...overrides,
  };
}

function rowOf(id: string) {
  return db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function recordingTransport(onSend: (mail: OutgoingMail) => Promise<void> | void = () => {}) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    name: 'recording',
    async send(mail) {
      await onSend(mail);
      sent.push(mail);
    },
    async close() {},
  };
  return { transport, sent };
}

function silentLogger() {
  return { warn: vi.fn(), error: vi.fn() } satisfies MailWorkerLogger;
}

/**
 * Waits until no other session uses this PostgreSQL database. A pg pool's end() resolves
 * before its connections have hung up, and the test database is dropped WITH (FORCE) on
 * close, which would otherwise kill those connections mid-goodbye (an unhandled error).
 */
async function sessionsClosed(on: Db): Promise<void> {
  await vi.waitFor(async () => {
    const { rows } = await sql<{ others: number }>`
      select count(*)::int as others from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(on.kysely);
    expect(rows[0]?.others).toBe(0);
  });
}

/** A clock the test moves by hand. */
function manualClock(start = Date.now()) {
  const clock = { now: start };
  return { clock, now: () => clock.now };
}

describe('enqueueMail', () => {
  it('queues a message that is due at once, with a time-sortable id', async () => {
    const mail = buildMail();
    const at = Date.now();
    const id = await enqueueMail(db.kysely, mail, at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(await rowOf(id)).toMatchObject({
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      created_at: at,
      next_attempt_at: at,
      attempts: 0,
      sent_at: null,
      last_error: null,
    });
  });

  it('commits and rolls back with the transaction it is given', async () => {
    const kept = buildMail();
    const dropped = buildMail();
    await db.kysely.transaction().execute(async (tx) => {
      await enqueueMail(tx, kept);
    });
    await expect(
      db.kysely.transaction().execute(async (tx) => {
        await enqueueMail(tx, dropped);
        throw new Error('the change that wanted to send mail failed');
      }),
    ).rejects.toThrow('the change that wanted to send mail failed');

    const rows = await db.kysely
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('to_address', 'in', [kept.to, dropped.to])
      .execute();
    expect(rows.map((r) => r.to_address)).toEqual([kept.to]);
  });
});

describe('mail worker', () => {
  it('sends due mail once and records when', async () => {
    const { now, clock } = manualClock();
    const mail = buildMail();
    const id = await enqueueMail(db.kysely, mail, clock.now);
    const { transport, sent } = recordingTransport();
    const worker = createMailWorker({ db, transport, logger: silentLogger(), now });

    expect(await worker.runOnce()).toBe(1);
    expect(sent.filter((m) => m.to === mail.to)).toEqual([mail]);
    expect(await rowOf(id)).toMatchObject({ sent_at: clock.now, attempts: 1, last_error: null });

    sent.length = 0;
    clock.now += 86_400_000;
    expect(await worker.runOnce()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('does not send mail that is not due yet', async () => {
    const { now, clock } = manualClock();
    const mail = buildMail();
    const id = await enqueueMail(db.kysely, mail, clock.now + 60_000);
    const { transport, sent } = recordingTransport();
    const worker = createMailWorker({ db, transport, logger: silentLogger(), now });

    await worker.runOnce();
    expect(sent.some((m) => m.to === mail.to)).toBe(false);
    clock.now += 60_000;
    await worker.runOnce();
    expect(sent.filter((m) => m.to === mail.to)).toHaveLength(1);
    expect((await rowOf(id)).sent_at).toBe(clock.now);
  });

  it('retries a failed send with exponential backoff, records the error, and gives up', async () => {
    const { now, clock } = manualClock();
    const mail = buildMail();
    const id = await enqueueMail(db.kysely, mail, clock.now);
    const longReason = `550 mailbox unavailable ${'x'.repeat(5_000)}`;
    let calls = 0;
    const transport: MailTransport = {
      name: 'broken',
      async send(m) {
        if (m.to === mail.to) calls += 1;
        throw Object.assign(new Error(longReason), { code: 'EENVELOPE' });
      },
      async close() {},
    };
    const logger = silentLogger();
    const worker = createMailWorker({ db, transport, logger, now });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= DEFAULT_MAX_ATTEMPTS; attempt += 1) {
      expect(await worker.runOnce()).toBe(0);
      const row = await rowOf(id);
      expect(calls).toBe(attempt);
      expect(row.attempts).toBe(attempt);
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toMatch(/^EENVELOPE: 550 mailbox unavailable x+$/);
      expect(row.last_error!.length).toBeLessThanOrEqual(1_000);
      delays.push(row.next_attempt_at - clock.now);

      // Not a moment early…
      clock.now = row.next_attempt_at - 1;
      await worker.runOnce();
      expect(calls).toBe(attempt);
      clock.now = row.next_attempt_at;
    }
    expect(delays.slice(0, -1)).toEqual([30, 60, 120, 240, 480, 960, 1_920].map((s) => s * 1_000));
    expect(logger.warn).toHaveBeenCalledTimes(DEFAULT_MAX_ATTEMPTS - 1);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ mailId: id, attempt: DEFAULT_MAX_ATTEMPTS }),
      expect.stringContaining('giving up'),
    );

    // Given up: never tried again, however long we wait.
    clock.now += 30 * 86_400_000;
    await worker.runOnce();
    expect(calls).toBe(DEFAULT_MAX_ATTEMPTS);
    expect(await rowOf(id)).toMatchObject({ sent_at: null, attempts: DEFAULT_MAX_ATTEMPTS });
  });

  it('honours a smaller maxAttempts and then delivers what recovers', async () => {
    const { now, clock } = manualClock();
    const flaky = buildMail();
    const doomed = buildMail();
    const flakyId = await enqueueMail(db.kysely, flaky, clock.now);
    const doomedId = await enqueueMail(db.kysely, doomed, clock.now);
    let flakyFailures = 0;
    const { transport, sent } = recordingTransport((m) => {
      if (m.to === doomed.to) throw new Error('no such user');
      if (m.to === flaky.to && flakyFailures++ === 0) throw new Error('try again later');
    });
    const worker = createMailWorker({ db, transport, logger: silentLogger(), now, maxAttempts: 2 });

    expect(await worker.runOnce()).toBe(0);
    clock.now += retryDelayMs(1);
    expect(await worker.runOnce()).toBe(1);
    clock.now += retryDelayMs(2);
    expect(await worker.runOnce()).toBe(0);

    expect(sent.map((m) => m.to)).toEqual([flaky.to]);
    expect(await rowOf(flakyId)).toMatchObject({
      attempts: 2,
      sent_at: clock.now - retryDelayMs(2),
    });
    expect(await rowOf(doomedId)).toMatchObject({
      attempts: 2,
      sent_at: null,
      last_error: 'no such user',
    });
  });

  it('caps the backoff at one hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('sends each message exactly once when several servers race over the same rows', async () => {
    const { now, clock } = manualClock();
    const mails = Array.from({ length: 40 }, () => buildMail());
    for (const mail of mails) await enqueueMail(db.kysely, mail, clock.now);
    const wanted = new Set(mails.map((m) => m.to));

    // Each "server" has its own connection pool on PostgreSQL, as separate processes would.
    // (An in-memory SQLite database exists on one connection only.)
    const servers: Db[] =
      testDialect === 'postgres'
        ? Array.from({ length: 3 }, () => openDatabase({ kind: 'postgres', url: db.url }))
        : [db, db, db];
    const deliveries = new Map<string, number>();
    try {
      const workers = servers.map((serverDb) => {
        const { transport } = recordingTransport(async (m) => {
          // Uneven send times make the workers overlap in every possible order.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
          if (wanted.has(m.to)) deliveries.set(m.to, (deliveries.get(m.to) ?? 0) + 1);
        });
        return createMailWorker({
          db: serverDb,
          transport,
          logger: silentLogger(),
          now,
          batchSize: 7,
        });
      });

      const counts = await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(mails.length);
    } finally {
      if (servers[0] !== db) {
        await Promise.all(servers.map((s) => s.close()));
        await sessionsClosed(db);
      }
    }
    expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
    expect(deliveries.size).toBe(mails.length);

    const rows = await db.kysely
      .selectFrom('mail_outbox')
      .select(['sent_at', 'attempts'])
      .where('to_address', 'in', [...wanted])
      .execute();
    expect(rows).toHaveLength(mails.length);
    expect(rows.every((r) => r.sent_at === clock.now && r.attempts === 1)).toBe(true);
  });

  it('stop() waits for the message in flight and claims no more', async () => {
    const { now, clock } = manualClock();
    const first = buildMail();
    const second = buildMail();
    const firstId = await enqueueMail(db.kysely, first, clock.now - 1);
    const secondId = await enqueueMail(db.kysely, second, clock.now);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let sending!: () => void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const { transport, sent } = recordingTransport(async (m) => {
      if (m.to !== first.to) return;
      sending();
      await released;
    });
    const worker = createMailWorker({ db, transport, logger: silentLogger(), now, batchSize: 1 });

    worker.start();
    await started;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);

    release();
    await stopping;
    expect(sent.map((m) => m.to)).toEqual([first.to]);
    expect((await rowOf(firstId)).sent_at).toBe(clock.now);
    expect(await rowOf(secondId)).toMatchObject({ sent_at: null, attempts: 0 });

    // Nothing runs after stop(): the second message waits for the next worker.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    await worker.runOnce();
    expect((await rowOf(secondId)).sent_at).toBe(clock.now);
  });

  it('polls on its own once started, and wake() looks at once', async () => {
    const { now, clock } = manualClock();
    const { transport, sent } = recordingTransport();
    const worker = createMailWorker({ db, transport, logger: silentLogger(), now, pollMs: 60_000 });
    const early = buildMail();
    await enqueueMail(db.kysely, early, clock.now);

    worker.start();
    await vi.waitFor(() => expect(sent.map((m) => m.to)).toContain(early.to));

    const late = buildMail();
    await enqueueMail(db.kysely, late, clock.now);
    worker.wake();
    await vi.waitFor(() => expect(sent.map((m) => m.to)).toContain(late.to));
    await worker.stop();
  });

  it('keeps polling after a failed round and logs it', async () => {
    const logger = silentLogger();
    const worker = createMailWorker({
      db,
      transport: recordingTransport().transport,
      logger,
      pollMs: 10,
    });
    await db.kysely.schema.dropTable('mail_outbox').execute();
    worker.start();
    await vi.waitFor(() => expect(logger.error.mock.calls.length).toBeGreaterThanOrEqual(2));
    await worker.stop();
  });
});

describe('waking the worker after an answer that queued mail', () => {
  /** A server whose one route queues a message, and another that queues none. */
  async function serverWith(worker: Pick<MailWorker, 'wake'>) {
    const app = Fastify();
    wakeAfterAnswersThatQueuedMail(app, worker);
    app.post('/queue', async () => {
      await db.kysely.transaction().execute((trx) => enqueueMail(trx, buildMail()));
      return { ok: true };
    });
    app.post('/nothing', async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('wakes it once for each answer after which mail was queued, and not otherwise', async () => {
    const worker = { wake: vi.fn() };
    const app = await serverWith(worker);
    await app.inject({ method: 'POST', url: '/nothing' });
    expect(worker.wake).not.toHaveBeenCalled();
    await app.inject({ method: 'POST', url: '/queue' });
    expect(worker.wake).toHaveBeenCalledTimes(1);
    await app.inject({ method: 'POST', url: '/nothing' });
    expect(worker.wake).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('so the message goes at once, not at the next poll an hour later', async () => {
    let delivered: (to: string) => void = () => {};
    const sent = new Promise<string>((resolve) => (delivered = resolve));
    const transport: MailTransport = {
      name: 'test',
      send: async (mail) => delivered(mail.to),
      close: async () => {},
    };
    const worker = createMailWorker({ db, transport, logger: silentLogger(), pollMs: 3_600_000 });
    worker.start();
    const app = await serverWith(worker);
    await worker.runOnce(); // the first look at start, which found nothing
    await app.inject({ method: 'POST', url: '/queue' });
    await expect(sent).resolves.toMatch(/@ou\.edu$/);
    await app.close();
    await worker.stop();
  });
});
