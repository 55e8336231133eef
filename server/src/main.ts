import cluster from 'node:cluster';
import { campusUrl } from '@common/campuses';
import { type App, buildApp } from './app';
import { type Config, ConfigError, loadConfig, prettyLog } from './config';
import { LISTEN_BACKLOG } from './core/limits';
import { openDatabase } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { loadDotEnv } from './env-file';
import { createPlatform } from './platform';
import { createJobs, didSomething, type Job } from './jobs';
import { createMailWorker, wakeAfterAnswersThatQueuedMail } from './platform/mail';

/**
 * Runs the app's periodic jobs (jobs.ts) on their timers: each at its first
 * run after start, then at its interval. Returns what stops them.
 */
function startPeriodicJobs(app: App, wakeMail: () => void): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of Object.values(createJobs(app.services)) as Job[]) {
    const run = () =>
      job
        .run()
        .then((result) => {
          if (!didSomething(result)) return;
          app.log.info(typeof result === 'number' ? { count: result } : result, job.done);
          // A job that queued e-mails committed them: they go now, not at the next poll.
          wakeMail();
        })
        .catch((error: unknown) => app.log.error({ err: error }, job.failed));
    if (job.firstAfterMs === 0) void run();
    else if (job.firstAfterMs !== null) timers.push(setTimeout(run, job.firstAfterMs));
    timers.push(setInterval(run, job.everyMs));
  }
  for (const timer of timers) timer.unref();
  return () => timers.forEach((timer) => clearTimeout(timer));
}

/** How often the push outbox is looked at when nothing wakes its worker (ADR 058). */
const PUSH_POLL_MS = 2_000;

/**
 * Delivers the push outbox (ADR 058): at once when an answer committed pushes,
 * else every PUSH_POLL_MS (pushes of jobs, retries). Returns what stops it and
 * waits for the round in flight.
 */
function startPushWorker(app: App): () => Promise<void> {
  let round: Promise<unknown> = Promise.resolve();
  const run = () => {
    round = app.services.push
      .deliverDue()
      .catch((error: unknown) => app.log.error({ err: error }, 'push delivery failed'));
  };
  const stopListening = app.services.onPushQueued(run);
  const timer = setInterval(run, PUSH_POLL_MS);
  timer.unref();
  return async () => {
    stopListening();
    clearInterval(timer);
    await round;
  };
}

/**
 * Loads `.env` and the config; with WEB_CONCURRENCY above 1 this is the
 * primary, which migrates and starts the server processes (ADR 062); else it
 * serves itself.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  if (cluster.isPrimary && config.processes > 1) return runPrimary(config);
  return serve(config);
}

/**
 * One server: migrates when it is the only one, listens (a worker shares its
 * primary's port), and drains on SIGINT/SIGTERM. The periodic jobs run in one
 * process only: the only one, or the worker its primary names.
 */
async function serve(config: Config): Promise<void> {
  const runsJobs = cluster.isPrimary || process.env[JOBS_WORKER] === '1';
  const platform = createPlatform(config);
  if (cluster.isPrimary) await migrateToLatest(platform.db);
  const pretty = prettyLog(config, Boolean(process.stdout.isTTY));
  const app = await buildApp(
    platform,
    pretty
      ? {
          logger: {
            level: config.logLevel,
            transport: {
              target: 'pino-pretty',
              options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss', singleLine: true },
            },
          },
        }
      : {},
  );
  // Every process sends mail: each message is claimed once across servers (outbox.ts).
  const mailWorker = createMailWorker({
    db: platform.db,
    transport: platform.mail,
    logger: app.log,
  });
  mailWorker.start();
  wakeAfterAnswersThatQueuedMail(app, mailWorker);
  const stopJobs = runsJobs ? startPeriodicJobs(app, () => mailWorker.wake()) : () => {};
  if (runsJobs) app.log.info({ processes: config.processes }, 'running the periodic jobs');
  // Every process delivers pushes, as it sends mail: each push is claimed once (push.sender.ts).
  const stopPushes = startPushWorker(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    stopJobs();
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      // Let the message being sent finish and be recorded before the database closes.
      await mailWorker.stop();
      await stopPushes();
      await platform.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  if (!runsJobs) return;
  const port = (app.server.address() as { port: number }).port;
  const base = new URL(config.publicUrl);
  if (!process.env.PUBLIC_URL) base.port = String(port);
  const lines = app.services.campuses
    .all()
    .filter((c) => c.status !== 'closed')
    .map(({ id }) => `  ${id.padEnd(9)} ${campusUrl(base.origin, id)}`);
  const processes = config.processes > 1 ? `, ${config.processes} processes` : '';
  console.log(
    [
      '',
      `Quad is running (${config.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}${processes}) on ${base.origin}`,
      ...lines,
      ...(config.devMailbox ? [`  mailbox   ${base.origin}/dev/mailbox`] : []),
      '',
    ].join('\n'),
  );
}

/** The environment variable by which the primary names the worker that runs the periodic jobs. */
const JOBS_WORKER = 'QUAD_JOBS_WORKER';

/**
 * The primary of WEB_CONCURRENCY processes (ADR 062): migrates once, forks the
 * workers (the first runs the periodic jobs), starts another in place of one
 * that dies while serving, and on SIGINT/SIGTERM has each drain and waits for
 * all. A worker that dies before it listens stops everything: starting it
 * again would fail again.
 */
async function runPrimary(config: Config): Promise<void> {
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  const runsJobs = new Map<number, boolean>();
  const listening = new Set<number>();
  let closing = false;
  let failed = false;
  const fork = (jobs: boolean) => {
    const worker = cluster.fork({ [JOBS_WORKER]: jobs ? '1' : '0' });
    runsJobs.set(worker.id, jobs);
  };
  const stopAll = (signal: NodeJS.Signals) => {
    closing = true;
    // Every worker already gone (each waiting to be started again): nothing to drain.
    if (runsJobs.size === 0) process.exit(failed ? 1 : 0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Workers drain within 15 s or exit themselves (serve); this is the last word.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, 20_000).unref();
  };
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const jobs = runsJobs.get(worker.id) ?? false;
    const listened = listening.has(worker.id);
    runsJobs.delete(worker.id);
    listening.delete(worker.id);
    const how = signal ?? `exit code ${code}`;
    if (!closing && !listened) {
      console.error(`Quad cannot start: a server process stopped before listening (${how})`);
      stopAll('SIGTERM');
      failed = true;
    } else if (!closing) {
      console.error(
        `a server process (pid ${worker.process.pid}) stopped (${how}); starting another`,
      );
      setTimeout(() => {
        if (!closing) fork(jobs);
      }, 1000);
      return;
    }
    if (code !== 0) failed = true;
    if (runsJobs.size === 0) process.exit(failed ? 1 : 0);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (!closing) stopAll('SIGTERM');
    });
  for (let i = 0; i < config.processes; i++) fork(i === 0);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
