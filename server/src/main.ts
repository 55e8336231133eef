import { CAMPUS_IDS, campusUrl } from '@common/campuses';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { createPlatform } from './platform';
import { createMailWorker } from './platform/mail';

/** Loads config, migrates, listens, and drains on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const platform = createPlatform(config);
  await migrateToLatest(platform.db);
  // People running `npm start` in a terminal read the log; servers ship JSON lines.
  const pretty = process.stdout.isTTY && config.logLevel !== 'silent';
  const app = await buildApp(
    platform,
    pretty
      ? {
          logger: {
            level: config.logLevel,
            transport: {
              target: 'pino-pretty',
              options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
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
  // Hourly, and once soon after start: uploads no post took within a day go.
  const { media } = app.services;
  const sweep = () =>
    media
      .sweepUnattached()
      .then((n) => n > 0 && app.log.info({ removed: n }, 'removed unattached uploads'))
      .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
  const sweepSoon = setTimeout(sweep, 60_000);
  const sweepHourly = setInterval(sweep, 60 * 60 * 1000);
  sweepSoon.unref();
  sweepHourly.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    clearTimeout(sweepSoon);
    clearInterval(sweepHourly);
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

  await app.listen({ port: config.port, host: config.host });
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
