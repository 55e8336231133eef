import path from 'node:path';
import type { AppDeps } from '../deps';
import type { Config } from '../config';
import { openDatabase } from '../db/kysely';
import { createBus } from './bus';
import { createGeoLookup } from './geo/geo';
import { createMailTransport } from './mail';
import type { BlobStore } from './storage/blob-store';
import { createDiskStore, LOCAL_MEDIA_PREFIX } from './storage/disk-store';
import { createS3Store } from './storage/s3-store';

/** Opens every adapter the configuration asks for. */
export function createPlatform(config: Config): AppDeps & { close(): Promise<void> } {
  const db = openDatabase(config.database);
  const bus = createBus(config.redisUrl);
  const storage = createStorage(config);
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
      storage.close?.();
    },
  };
}

/** An S3-compatible bucket when S3_BUCKET is set, else `$DATA_DIR/media`. */
export function createStorage(config: Config): BlobStore & { close?(): void } {
  if (config.s3) {
    return createS3Store({
      ...config.s3,
      ...(config.mediaPublicUrl ? { publicUrl: config.mediaPublicUrl } : {}),
    });
  }
  return createDiskStore(
    path.join(config.dataDir, 'media'),
    config.mediaPublicUrl ? `${config.mediaPublicUrl}/` : LOCAL_MEDIA_PREFIX,
  );
}
