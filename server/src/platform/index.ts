import path from 'node:path';
import type { AppDeps } from '../app';
import type { Config } from '../config';
import { openDatabase } from '../db/kysely';
import { createBus } from './bus';
import { createGeoLookup } from './geo/geo';
import { createMailTransport } from './mail';
import { createDiskStore } from './storage/disk-store';

/** Opens every adapter the configuration asks for (DESIGN §4). */
export function createPlatform(config: Config): AppDeps & { close(): Promise<void> } {
  const db = openDatabase(config.database);
  const bus = createBus(config.redisUrl);
  const storage = createDiskStore(path.join(config.dataDir, 'media'));
  const geo = createGeoLookup(config);
  const mail = createMailTransport(config, (line) => console.log(line));
  return {
    config,
    db,
    bus,
    storage,
    geo,
    mail,
    async close() {
      await mail.close();
      await bus.close();
      await db.close();
    },
  };
}
