import { CAMPUS_IDS, campusUrl } from '@common/campuses';
import { type App, buildApp } from './app';
import { ConfigError, loadConfig, prettyLog } from './config';
import { LISTEN_BACKLOG } from './core/limits';
import { migrateToLatest } from './db/migrate';
import { createPlatform } from './platform';
import { createMailWorker } from './platform/mail';

/**
 * The app's own periodic work, on its services: the upload sweep (hourly,
 * and once soon after start), the saved-search e-mails (every five
 * minutes), the meetup reminders and the
 * sellers' "Did it sell?" (every minute) and the analytics retention sweep (at start and daily). Returns what stops them.
 */
function startPeriodicJobs(app: App): () => void {
  const { media, savedSearchAlerts, analytics, chats, posts } = app.services;
  const sweep = () =>
    media
      .sweepUnattached()
      .then((n) => n > 0 && app.log.info({ removed: n }, 'removed unattached uploads'))
      .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
  // Files no row points at and half-written .part files, left by a crash (ADR 020).
  const sweepFiles = () =>
    media
      .sweepOrphanFiles()
      .then(
        (n) =>
          n.orphans + n.parts + n.temp > 0 && app.log.info(n, 'removed files no row points at'),
      )
      .catch((error: unknown) => app.log.error({ err: error }, 'orphan file sweep failed'));
  // Saved-search e-mails an hour held back, and daily digests (ADR 010).
  const mailAlerts = () =>
    savedSearchAlerts
      .sendDue()
      .then((n) => n > 0 && app.log.info({ mails: n }, 'queued saved-search e-mails'))
      .catch((error: unknown) => app.log.error({ err: error }, 'saved-search e-mails failed'));
  // Reminders an hour before accepted meetups (ADR 026): claimed once across servers.
  const remindMeetups = () =>
    chats
      .remindDueMeetups()
      .then((n) => n > 0 && app.log.info({ reminders: n }, 'sent meetup reminders'))
      .catch((error: unknown) => app.log.error({ err: error }, 'meetup reminders failed'));
  // "Did it sell?" 14 days after posting (ADR 029): claimed once across servers.
  const askSellers = () =>
    posts
      .askDidItSell()
      .then((n) => n > 0 && app.log.info({ questions: n }, 'asked sellers "Did it sell?"'))
      .catch((error: unknown) => app.log.error({ err: error }, '"Did it sell?" questions failed'));
  // Analytics events are kept 13 months (ADR 016): swept at start and daily.
  const sweepEvents = () =>
    analytics
      .sweep()
      .then((n) => n > 0 && app.log.info({ removed: n }, 'removed analytics events past retention'))
      .catch((error: unknown) => app.log.error({ err: error }, 'analytics sweep failed'));
  void sweepEvents();
  void sweepFiles();
  const timers = [
    setTimeout(sweep, 60_000),
    setInterval(sweepEvents, 24 * 60 * 60 * 1000),
    setInterval(sweep, 60 * 60 * 1000),
    setInterval(sweepFiles, 60 * 60 * 1000),
    setInterval(mailAlerts, 5 * 60 * 1000),
    setInterval(remindMeetups, 60 * 1000),
    setInterval(askSellers, 60 * 1000),
  ];
  for (const timer of timers) timer.unref();
  return () => timers.forEach((timer) => clearTimeout(timer));
}

/** Loads config, migrates, listens, and drains on SIGINT/SIGTERM. */
async function main(): Promise<void> {
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
  const stopJobs = startPeriodicJobs(app);

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
  const lines = CAMPUS_IDS.map((id) => `  ${id.padEnd(9)} ${campusUrl(base.origin, id)}`);
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
