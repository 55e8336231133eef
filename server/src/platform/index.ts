import path from 'node:path';
import type { AppDeps } from '../app';
import type { Config } from '../config';
import { openDatabase } from '../db/kysely';
import { createBus } from './bus';
import { createHeaderGeoLookup, createIpGeoLookup } from './geo/geo';
import { createDiskStore } from './storage/disk-store';

/** Opens every adapter the configuration asks for (DESIGN §4). */
export function createPlatform(config: Config): AppDeps & { close(): Promise<void> } {
  const db = openDatabase(config.database);
  const bus = createBus(config.redisUrl);
  const storage = createDiskStore(path.join(config.dataDir, 'media'));
  const ipGeo = createIpGeoLookup();
  const geo = config.geo.header ? createHeaderGeoLookup(config.geo.header, ipGeo) : ipGeo;
  return {
    config,
    db,
    bus,
    storage,
    geo,
    async close() {
      await bus.close();
      await db.close();
    },
  };
}
