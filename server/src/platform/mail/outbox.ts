import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/kysely';
import type { Database, MailOutboxTable } from '../../db/schema';
import type { MailTransport, OutgoingMail } from './mail';

/**
 * The mail outbox: services queue mail in their own transaction, so a message
 * exists exactly when the change that caused it was committed; a worker on
 * every server delivers it afterwards, with retries.
 */

export const DEFAULT_MAX_ATTEMPTS = 8;
const DEFAULT_POLL_MS = 1_000;
const DEFAULT_BATCH_SIZE = 20;
/**
 * How long a claimed message is reserved for the server that claimed it. Far longer than
 * any send may take (the SMTP transport times out within about a minute), so a message is
 * sent twice only when a server dies between sending and recording it.
 */
const DEFAULT_LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 1_000;

/**
 * How many messages this process has queued since it started: the server wakes its
 * worker after an answer when this moved. Shared by every app in the process: a test
 * process with many apps at most wakes a worker for nothing.
 */
let queuedInProcess = 0;

/**
 * A request that queued mail has committed it by the time its answer is sent: the
 * worker sends it then rather than at its next poll (ADR 035), so a student's code
 * arrives at once. Answers that queued nothing cost a comparison.
 */
export function wakeAfterAnswersThatQueuedMail(
  app: { addHook(name: 'onResponse', hook: () => Promise<void>): unknown },
  worker: Pick<MailWorker, 'wake'>,
): void {
  let seen = queuedInProcess;
  app.addHook('onResponse', async () => {
    if (queuedInProcess === seen) return;
    seen = queuedInProcess;
    worker.wake();
  });
}

/** Queues one message; pass the service's transaction so it commits (or not) with it. */
export async function enqueueMail(
  executor: Kysely<Database> | Transaction<Database>,
  mail: OutgoingMail,
  now: number = Date.now(),
): Promise<string> {
  const id = uuidv7();
  await executor
    .insertInto('mail_outbox')
    .values({
      id,
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      created_at: now,
      attempts: 0,
      next_attempt_at: now,
      sent_at: null,
      last_error: null,
    })
    .execute();
  queuedInProcess += 1;
  return id;
}

/**
 * Deletes mail delivered, or given up, before `before` (ADR 039): a sent
 * message's links and codes are the recipient's, not the outbox's to keep.
 * Mail still waiting or being retried stays. Returns how many went.
 */
export async function purgeFinishedMail(
  db: Db,
  before: number,
  maxAttempts: number = DEFAULT_MAX_ATTEMPTS,
): Promise<number> {
  const result = await db.kysely
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        eb('sent_at', '<', before),
        eb.and([
          eb('sent_at', 'is', null),
          eb('attempts', '>=', maxAttempts),
          eb('created_at', '<', before),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The outbox's retention (ADR 039): finished mail is deleted `retentionMs` after it was queued or sent. */
export function createOutboxRetention(db: Db, retentionMs: number) {
  return {
    /** Deletes what finished before `at - retentionMs`; how many messages went. */
    purge: (at: number = Date.now()) => purgeFinishedMail(db, at - retentionMs),
  };
}
export type OutboxRetention = ReturnType<typeof createOutboxRetention>;

/** Deletes every message to these addresses (any case), sent or not: a deleted account's mail. */
export async function deleteMailTo(
  executor: Kysely<Database> | Transaction<Database>,
  addresses: readonly string[],
): Promise<number> {
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (lower.length === 0) return 0;
  const result = await executor
    .deleteFrom('mail_outbox')
    .where(sql<string>`lower(to_address)`, 'in', lower)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Mail still to be delivered: how many, and when the oldest was queued (null when none). */
export async function outboxBacklog(
  db: Db,
  maxAttempts: number = DEFAULT_MAX_ATTEMPTS,
): Promise<{ depth: number; oldestCreatedAt: number | null }> {
  const row = await db.kysely
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll<number>().as('depth'),
      eb.fn.min<number | null>('created_at').as('oldest'),
    ])
    .where('sent_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirstOrThrow();
  return {
    depth: Number(row.depth),
    oldestCreatedAt: row.oldest === null ? null : Number(row.oldest),
  };
}

/** Wait after the n-th failed attempt (n ≥ 1): 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
}

/** The part of a pino / Fastify logger the worker uses. */
export interface MailWorkerLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  logger: MailWorkerLogger;
  /** How often to look for due mail when nobody calls wake(). */
  pollMs?: number;
  /** Attempts before a message is given up (it stays in the table with its last error). */
  maxAttempts?: number;
  batchSize?: number;
  leaseMs?: number;
  now?: () => number;
}

export interface MailWorker {
  /** Polls every `pollMs` until stop(); the first look is immediate. */
  start(): void;
  /** Stops polling and resolves once the message being sent (if any) is recorded. */
  stop(): Promise<void>;
  /** Delivers every message due now; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Looks for due mail now instead of at the next poll (e.g. right after a commit). */
  wake(): void;
}

type OutboxRow = Selectable<MailOutboxTable>;

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, logger } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const leaseMs = Math.max(1, options.leaseMs ?? DEFAULT_LEASE_MS);
  const now = options.now ?? Date.now;
  const kysely = db.kysely;

  let started = false;
  let stopping = false;
  let woken = false;
  let ticking = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | null = null;

  const due = (at: number) =>
    kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', at)
      .where('attempts', '<', maxAttempts)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(batchSize)
      .execute();

  /**
   * Takes the row for this server. The update only matches while the row still has the
   * attempts and next_attempt_at this server read, and it changes both, so of several
   * servers that read the same row exactly one updates it; the others match nothing.
   * Moving next_attempt_at ahead is the lease; counting the attempt now means a message
   * that crashes its sender is still given up after maxAttempts.
   */
  const claim = async (row: OutboxRow, at: number): Promise<boolean> => {
    const result = await kysely
      .updateTable('mail_outbox')
      .set({ attempts: row.attempts + 1, next_attempt_at: at + leaseMs })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .where('attempts', '=', row.attempts)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  };

  const deliver = async (row: OutboxRow): Promise<boolean> => {
    if (!(await claim(row, now()))) return false;
    const attempt = row.attempts + 1;
    try {
      await transport.send({
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
    } catch (error) {
      const message = describe(error).slice(0, MAX_ERROR_LENGTH);
      await kysely
        .updateTable('mail_outbox')
        .set({ last_error: message, next_attempt_at: now() + retryDelayMs(attempt) })
        .where('id', '=', row.id)
        .where('sent_at', 'is', null)
        .execute();
      const details = { mailId: row.id, attempt, transport: transport.name, error: message };
      if (attempt >= maxAttempts) logger.error(details, 'mail outbox: giving up on a message');
      else logger.warn(details, 'mail outbox: sending failed, will retry');
      return false;
    }
    await kysely
      .updateTable('mail_outbox')
      .set({ sent_at: now() })
      .where('id', '=', row.id)
      .execute();
    return true;
  };

  const drainDue = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      // Claimed and failed rows move into the future, so every round sees new rows only.
      const rows = await due(now());
      for (const row of rows) {
        if (stopping) return sent;
        if (await deliver(row)) sent += 1;
      }
      if (rows.length < batchSize || stopping) return sent;
    }
  };

  const runOnce = (): Promise<number> => {
    // One batch at a time per worker: a second call waits for the first, then runs.
    const previous = inFlight ?? Promise.resolve(0);
    const run: Promise<number> = previous
      .catch(() => 0)
      .then(drainDue)
      .finally(() => {
        if (inFlight === run) inFlight = null;
      });
    inFlight = run;
    return run;
  };

  const schedule = (delayMs: number) => {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  };

  const tick = async () => {
    timer = undefined;
    if (!started) return;
    ticking = true;
    woken = false;
    try {
      await runOnce();
    } catch (error) {
      logger.error({ err: error }, 'mail outbox: delivery round failed');
    } finally {
      ticking = false;
    }
    schedule(woken ? 0 : pollMs);
  };

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      stopping = true;
      try {
        await inFlight?.catch(() => undefined);
      } finally {
        stopping = false;
      }
    },
    runOnce,
    wake() {
      if (!started) return;
      if (ticking) woken = true;
      else schedule(0);
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  }
  return String(error);
}
