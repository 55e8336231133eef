import fs from 'node:fs';
/**
 * One database's run: the data set, the real app listening on loopback, a
 * check of its answers, the query plans, and the load with the caches on and off.
 */
import path from 'node:path';
import pg from 'pg';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from '../server/src/app';
import { type Env, loadConfig } from '../server/src/config';
import { type Db, openDatabase } from '../server/src/db/kysely';
import { LISTEN_BACKLOG } from '../server/src/core/limits';
import { migrateToLatest } from '../server/src/db/migrate';
import { createSessionService } from '../server/src/modules/auth/sessions.service';
import type { EventBus } from '../server/src/platform/bus';
import { createMemoryBus } from '../server/src/platform/bus/memory-bus';
import { createGeoLookup } from '../server/src/platform/geo/geo';
import { createDevTransport } from '../server/src/platform/mail';
import type { BlobStore } from '../server/src/platform/storage/blob-store';
import { createDiskStore } from '../server/src/platform/storage/disk-store';
import { type DataSet, generate } from './data';
import { type Client, get, type LoadResult, measure, type Route } from './load';
import { explainRequests, type Plan } from './plans';
import { CAMPUS, THREAD_COMMENTS } from './settings';

export interface DbReport {
  name: string;
  data: DataSet;
  /** As configured by default: the campus and session caches on. */
  results: Record<Route, LoadResult>;
  /** Every request from the database: both caches off. */
  uncached: Record<Route, LoadResult>;
  plans: Plan[];
  check: string;
  /** Share of the machine's CPU that processes other than the server and autocannon used while measuring. */
  others: number;
}

/** The database under test and where the app keeps its files. */
export interface Target {
  kind: 'sqlite' | 'postgres';
  target: string;
  dataDir: string;
  db: Db;
  storage: BlobStore;
}

/** The database under test, its media kept on disk under `dataDir`. */
export const targetOf = (
  kind: Target['kind'],
  target: string,
  dataDir: string,
  db: Db,
): Target => ({ kind, target, dataDir, db, storage: createDiskStore(path.join(dataDir, 'media')) });

/** The whole run on one database: `target` is a SQLite file or a PostgreSQL URL. */
export async function benchDatabase(
  name: string,
  kind: 'sqlite' | 'postgres',
  target: string,
  dataDir: string,
): Promise<DbReport> {
  console.log(`\n== ${name} ==`);
  const db = openDatabase(kind === 'sqlite' ? { kind, file: target } : { kind, url: target });
  try {
    await migrateToLatest(db);
    const data = await generate(db);
    console.log(`data: ${JSON.stringify(data.counts)} in ${data.seconds.toFixed(1)} s`);
    const under = targetOf(kind, target, dataDir, db);
    const client = await signIn(db, data.viewers);
    let plans: Plan[];
    let check: string;
    let cached: Awaited<ReturnType<typeof measure>>;
    const { app, base } = await serve(under, {});
    try {
      check = await checkAnswers(base, client, data.threadId);
      // EXPLAIN every statement one feed request and one thread request run.
      plans = await explainRequests(kind, target, db, under.storage, data);
      console.log('-- as configured by default (campus and session caches on)');
      cached = await measure(base, client, data.threadId);
    } finally {
      await app.close();
    }
    console.log('-- every request from the database (POSTS_CACHE_MS=0, SESSION_CACHE_MS=0)');
    const uncachedApp = await serve(under, { POSTS_CACHE_MS: '0', SESSION_CACHE_MS: '0' });
    let uncached: Awaited<ReturnType<typeof measure>>;
    try {
      uncached = await measure(uncachedApp.base, client, data.threadId);
    } finally {
      await uncachedApp.app.close();
    }
    return {
      name,
      data,
      results: cached.results,
      uncached: uncached.results,
      plans,
      check,
      others: Math.max(cached.others, uncached.others),
    };
  } finally {
    await db.close();
  }
}

/** One signed-in viewer per connection, as 50 students would load the feed. */
export async function signIn(db: Db, viewers: string[]): Promise<Client> {
  const sessions = createSessionService(db);
  const cookies: string[] = [];
  for (const viewer of viewers)
    cookies.push(
      `quad_session=${await sessions.start(viewer, { userAgent: 'bench', ip: '127.0.0.1' })}`,
    );
  return { headers: { host: `${CAMPUS}.localhost`, cookie: cookies[0]! }, cookies };
}

/** The real app on this database, listening on loopback, with `env` on top of production settings. */
export async function serve(
  { kind, target, dataDir, db, storage }: Target,
  env: Env,
  bus: EventBus = createMemoryBus(),
  options: FastifyServerOptions = { logger: false },
) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    GEO_GATE: 'off',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(kind === 'postgres' ? { DATABASE_URL: target } : { DATABASE_URL: `sqlite:${target}` }),
    ...env,
  });
  const app = await buildApp(
    {
      config,
      db,
      bus,
      storage,
      geo: createGeoLookup(config),
      mail: createDevTransport(() => {}, 'http://localhost/dev/mailbox'),
    },
    options,
  );
  // The bare route exists only inside the benchmark.
  app.get('/api/bench/bare', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/** Checks the answers are the real thing before timing them; says what it checked. */
async function checkAnswers(base: string, { headers }: Client, threadId: string): Promise<string> {
  const feed = (await get(base, '/api/feed', headers)) as {
    items: Array<{ media: unknown[]; liked: boolean; author: { username: string } }>;
  };
  const page = (await get(base, `/api/posts/${threadId}`, headers)) as {
    comments: Array<{ replies: unknown[] }>;
  };
  const countTree = (nodes: Array<{ replies?: unknown[] }>): number =>
    nodes.reduce(
      (n, c) => n + 1 + countTree((c.replies ?? []) as Array<{ replies?: unknown[] }>),
      0,
    );
  const check =
    `feed page: ${feed.items.length} posts, ${feed.items.filter((p) => p.media.length > 0).length} with photos, ` +
    `${feed.items.filter((p) => p.liked).length} saved by the first viewer; thread: ${countTree(page.comments)} comments in ${page.comments.length} top-level comments`;
  console.log(check);
  if (feed.items.length !== 15 || countTree(page.comments) !== THREAD_COMMENTS)
    throw new Error(`unexpected answers: ${check}`);
  return check;
}

/**
 * The run on PostgreSQL, in a scratch database created and dropped here, when
 * one answers; `note` is what the report says about it either way. `run` is
 * the run (by default, this file's), given the report's name and the URL.
 */
export async function benchPostgres<R = DbReport>(
  dataDir: string,
  run: (name: string, url: string) => Promise<R> = (name, url) =>
    benchDatabase(name, 'postgres', url, dataDir) as Promise<R>,
): Promise<{ note: string; report?: R }> {
  const target = await postgresTarget();
  if (!target)
    return {
      note: 'none answered (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test): not measured',
    };
  try {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const v = (await client.query('show server_version')).rows[0] as { server_version: string };
    await client.end();
    const note = `${v.server_version}, on this machine and reached ${connectionOf(target.url)}, scratch database created and dropped by the run`;
    const name = `PostgreSQL ${v.server_version}`;
    return { note, report: await run(name, target.url) };
  } finally {
    if (!process.env.KEEP_BENCH_DB) await target.drop();
  }
}

/** Where PostgreSQL's Unix socket is on Debian and most Linux packages. */
const PG_SOCKET_DIR = '/var/run/postgresql';

/**
 * The PostgreSQL the benchmark uses: TEST_DATABASE_URL when set; otherwise the
 * server on this box, over its Unix socket when it has one (a one-box
 * deployment connects that way: ADR 031), else over TCP on 127.0.0.1.
 */
export function benchPostgresUrl(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  return fs.existsSync(path.join(PG_SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@${encodeURIComponent(PG_SOCKET_DIR)}/test`
    : 'postgres://postgres@127.0.0.1:5432/test';
}

/** How the URL reaches the server, in the report's words. */
export function connectionOf(url: string): string {
  const host = decodeURIComponent(new URL(url).hostname || PG_SOCKET_DIR);
  return host.startsWith('/') ? `over its Unix socket (${host})` : `over TCP (${host})`;
}

async function postgresTarget(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = benchPostgresUrl();
  // A client per statement: a run may restart the server (restarts.ts) between the two.
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `quad_bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(
      `PostgreSQL: none answers at ${adminUrl.replace(/:[^:@/]*@/, ':***@')} (${(error as Error).message}); SQLite only.`,
    );
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
