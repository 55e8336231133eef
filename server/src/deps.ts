import type { Config } from './config';
import type { Db } from './db/kysely';
import type { EventBus } from './platform/bus';
import type { GeoLookup } from './platform/geo/geo';
import type { MailTransport } from './platform/mail';
import type { BlobStore } from './platform/storage/blob-store';

/**
 * Everything the app talks to outside its own process: the adapters of
 * `platform/` and the configuration. Built by main.ts (createPlatform) or the
 * tests, and handed to `buildApp`, which builds every service from them.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  bus: EventBus;
  storage: BlobStore;
  geo: GeoLookup;
  mail: MailTransport;
}
