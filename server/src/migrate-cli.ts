import { loadConfig } from './config';
import { openDatabase } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { loadDotEnv } from './env-file';

/** `npm run migrate`: bring the configured database to the latest schema (`.env` first, ADR 053). */
loadDotEnv();
const config = loadConfig();
const db = openDatabase(config.database);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await db.close();
}
