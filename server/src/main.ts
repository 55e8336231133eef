import { campusUrl } from '@common/campuses';
import { type App, buildApp } from './app';
import { ConfigError, loadConfig, prettyLog } from './config';
import { LISTEN_BACKLOG } from './core/limits';
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

/** Loads `.env` and the config, migrates, listens, and drains on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const platform = createPlatform(config);
  await migrateToLatest(platform.db);
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
  const mailWorker = createMailWorker({
    db: platform.db,
    transport: platform.mail,
    logger: app.log,
  });
  mailWorker.start();
  wakeAfterAnswersThatQueuedMail(app, mailWorker);
  const stopJobs = startPeriodicJobs(app, () => mailWorker.wake());
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
  const port = (app.server.address() as { port: number }).port;
  const base = new URL(config.publicUrl);
  if (!process.env.PUBLIC_URL) base.port = String(port);
  const lines = app.services.campuses
    .all()
    .filter((c) => c.status !== 'closed')
    .map(({ id }) => `  ${id.padEnd(9)} ${campusUrl(base.origin, id)}`);
  console.log(
    [
      '',
      `Quad is running (${config.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}) on ${base.origin}`,
      ...lines,
      ...(config.devMailbox ? [`  mailbox   ${base.origin}/dev/mailbox`] : []),
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
