import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { createMemoryBus } from './platform/bus/memory-bus';
import { createGeoLookup } from './platform/geo/geo';
import { createDevTransport } from './platform/mail';
import { createDiskStore } from './platform/storage/disk-store';

/**
 * `npm run openapi [file]`: writes the OpenAPI document the app serves at
 * /api/docs/json (ADR 028), from the app built as `main.ts` builds it but on
 * an in-memory database and without listening. `servers` is PUBLIC_URL.
 */
const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-openapi-'));
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
try {
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    bus: createMemoryBus(),
    storage: createDiskStore(path.join(dataDir, 'media')),
    geo: createGeoLookup(config),
    mail: createDevTransport(() => {}, `${config.publicUrl}/dev/mailbox`),
  });
  await app.ready();
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
