import { loadConfig } from './config';
import { openDatabase } from './db/kysely';
import { loadDotEnv } from './env-file';
import { CampusAdminError, createCampusAdmin } from './modules/campuses/campuses.admin';
import { runCampusCommand } from './modules/campuses/campuses.cli';
import { createBus } from './platform/bus';

/**
 * `npm run campus -- list | add --file campus.json | edit <id> --file changes.json | retire <id>`:
 * the campuses Quad serves (ADR 054), `.env` first (ADR 053). A refusal prints why and exits 1.
 */
loadDotEnv();
const config = loadConfig();
const db = openDatabase(config.database);
const bus = createBus(config.redisUrl);
try {
  const lines = await runCampusCommand(createCampusAdmin({ db, bus }), process.argv.slice(2));
  console.log(lines.join('\n'));
  if (process.argv[2] !== 'list' && !config.redisUrl)
    console.log('Without REDIS_URL, running servers see the change within 30 seconds.');
} catch (error) {
  if (!(error instanceof CampusAdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await bus.close();
  await db.close();
}
