import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type KyselyPlugin, TableNode } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app';

export type { App } from '../src/app';
import { type Env, loadConfig } from '../src/config';
import type { EventBus } from '../src/platform/bus';
import { createMemoryBus } from '../src/platform/bus/memory-bus';
import { createGeoLookup, type GeoLookup } from '../src/platform/geo/geo';
import { createDevTransport, type MailTransport } from '../src/platform/mail';
import { createDiskStore } from '../src/platform/storage/disk-store';
import { createTestDb, type TestDb } from './db';

export interface TestContext {
  app: App;
  db: TestDb;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * What a test reads after the app ran: `count` goes up by one for every
 * query Kysely transforms (a subquery counts as one too); `reads`, when
 * given, by one per select statement run, under the table it reads first.
 */
export interface QueryCounter {
  count: number;
  reads?: Record<string, number>;
}

export interface TestAppOptions {
  env?: Partial<Env>;
  geo?: GeoLookup;
  /** Where mail goes when a test runs the outbox worker; by default a silent dev transport. */
  mail?: MailTransport;
  /** By default an in-memory bus of the app's own. */
  bus?: EventBus;
  /** Counts the statements the app runs (not those of factories on `db`). */
  queries?: QueryCounter;
}

/** The real app on a fresh database and data directory, for `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-test-'));
  const db = await createTestDb();
  const app = await buildTestApp(db, dataDir, options);
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app on a database and data directory that the caller owns and
 * closes, so that several apps can share them as servers share PostgreSQL.
 */
export async function buildTestApp(
  db: TestDb,
  dataDir: string,
  options: TestAppOptions = {},
): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Cheap password hashing keeps tests fast; production uses the default (2^17).
    PASSWORD_HASH_COST: '10',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: options.queries ? countingQueries(db, options.queries) : db,
    bus: options.bus ?? createMemoryBus(),
    storage: createDiskStore(path.join(dataDir, 'media')),
    geo: options.geo ?? createGeoLookup(config),
    mail: options.mail ?? createDevTransport(() => {}, `${config.publicUrl}/dev/mailbox`),
  });
  await app.ready();
  return app;
}

function countingQueries(db: TestDb, counter: QueryCounter): TestDb {
  // The table each select reads first; a subquery is transformed too, but only a statement run has a result.
  const tables = new Map<string, string>();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.count++;
      if (counter.reads && args.node.kind === 'SelectQueryNode') {
        const from = args.node.from?.froms[0];
        tables.set(
          args.queryId.queryId,
          from && TableNode.is(from) ? from.table.identifier.name : '(other)',
        );
      }
      return args.node;
    },
    transformResult: async (args) => {
      const table = tables.get(args.queryId.queryId);
      if (table !== undefined && counter.reads)
        counter.reads[table] = (counter.reads[table] ?? 0) + 1;
      tables.delete(args.queryId.queryId);
      return args.result;
    },
  };
  return { ...db, kysely: db.kysely.withPlugin(plugin) };
}

/**
 * Servers sharing one database and data directory, as a cluster shares
 * PostgreSQL, each counting its statements into `queries`; all closed after
 * the test file. Call at the top of a test file.
 */
export function sharedDatabaseServers(queries: QueryCounter) {
  let db: TestDb | undefined;
  let dataDir = '';
  const apps: App[] = [];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-test-'));
    db = await createTestDb();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    /** The shared database, for factories and checks (available once the file's tests run). */
    get db(): TestDb {
      if (!db) throw new Error('the shared database opens before the first test');
      return db;
    },
    async server(bus: EventBus, env: Partial<Env>): Promise<App> {
      const app = await buildTestApp(this.db, dataDir, { bus, queries, env });
      apps.push(app);
      return app;
    },
  };
}
