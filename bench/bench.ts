/**
 * `npm run bench` (DESIGN §13): a large data set on one campus, the real app
 * listening on loopback, and autocannon against a bare route, the feed and a
 * 200-comment thread; on SQLite and, when one answers, on PostgreSQL. Then
 * the web budgets: the initial JavaScript of a fresh build, and Lighthouse
 * (mobile) on the OU feed over the demo data. Writes docs/benchmarks.md. A benchmark, never a test: `npm test` does not run it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { CAMPUSES, type CampusId } from '@common/campuses';
import { CATEGORIES } from '@common/categories';
import SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type Insertable,
  Kysely,
  type LogEvent,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/src/app';
import { type Env, loadConfig } from '../server/src/config';
import { type Db, openDatabase } from '../server/src/db/kysely';
import { migrateToLatest } from '../server/src/db/migrate';
import type {
  Database,
  LikesTable,
  PostMediaTable,
  PostsTable,
  UserRow,
  UsersTable,
} from '../server/src/db/schema';
import { adaptSqlite } from '../server/src/db/sqlite-adapter';
import { createSessionService } from '../server/src/modules/auth/sessions.service';
import { createViewerSaves } from '../server/src/modules/likes/likes.service';
import { createPostsService, feedScore } from '../server/src/modules/posts/posts.service';
import { createMemoryBus } from '../server/src/platform/bus/memory-bus';
import { createGeoLookup } from '../server/src/platform/geo/geo';
import { createDevTransport } from '../server/src/platform/mail';
import { createDiskStore } from '../server/src/platform/storage/disk-store';
import { rng } from '../server/src/seed/rng';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CAMPUS: CampusId = 'ut';
const TOP_LEVEL_POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const USERS = 2_000;
const THREAD_COMMENTS = 200;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const BATCH = 1_000;

type Row<T> = Insertable<T>;

const TEXTS = [
  'Selling my calculus textbook, 8th edition. Some highlighting. Pick up near the library.',
  'Mini fridge, works great, $60. Need it gone before move-out.',
  'Two tickets for Saturday, student section. DM me!',
  'IKEA desk and chair, $50 for both. You pick up.',
  'Nintendo Switch with two games, $230 obo.',
  'Summer sublease, 1BR, walk to campus, utilities included.',
];

interface DataSet {
  /** The students whose sessions load the routes, one per connection. */
  viewers: string[];
  threadId: string;
  counts: Record<string, number>;
  seconds: number;
}

async function insertAll<T extends 'users' | 'posts' | 'post_media' | 'likes'>(
  db: Db,
  table: T,
  rows: Array<Row<Database[T]>>,
) {
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      // Multi-row INSERTs, a thousand rows each, all in one transaction.
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + BATCH) as never)
        .execute();
    }
  });
}

/** 100k top-level posts with comments, saves and photos on one campus, plus one 200-comment thread. */
async function generate(db: Db): Promise<DataSet> {
  const started = Date.now();
  const r = rng(42);
  const now = Date.now();
  const users: Array<Row<UsersTable> & { id: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const at = now - 400 * 86_400_000 + i * 1000;
    users.push({
      id: uuidv7(),
      campus_id: CAMPUS,
      email: `bench${i}@utexas.edu`,
      username: `bench${i}`,
      first_name: `Student${i}`,
      last_name: 'Bench',
      school_email: `bench${i}@utexas.edu`,
      bio: '',
      profile_set_up: true,
      getting_started: false,
      verified: true,
      school_verified: true,
      type: 'individual',
      email_notifications: true,
      total_posts: 0,
      password_hash: null,
      created_at: at,
      updated_at: at,
    });
  }
  const viewers = users.slice(0, CONNECTIONS).map((u) => u.id);
  const viewer = viewers[0]!;

  type PostRow = Row<PostsTable> & {
    id: string;
    created_at: number;
    updated_at: number;
    comment_count: number;
    like_count: number;
    depth: number;
  };
  const top: PostRow[] = [];
  const replies: PostRow[] = [];
  const media: Array<Row<PostMediaTable>> = [];
  const likes: Array<Row<LikesTable>> = [];
  const span = 365 * 86_400_000;
  const THREAD_INDEX = Math.floor(TOP_LEVEL_POSTS / 2);
  const reply = (rootPost: PostRow, parent: PostRow, at: number): PostRow => ({
    id: uuidv7(),
    campus_id: CAMPUS,
    author_id: users[r.int(0, USERS - 1)]!.id,
    parent_id: parent.id,
    root_id: rootPost.id,
    depth: parent.depth + 1,
    text: 'Is this still available? I can pick it up today.',
    category: null,
    media_count: 0,
    like_count: 0,
    comment_count: 0,
    feed_score: feedScore(0, 0, at),
    created_at: at,
    updated_at: at,
  });
  const bump = (chain: PostRow[], at: number) => {
    for (const p of chain) {
      p.comment_count += 1;
      if (at > p.updated_at) p.updated_at = at;
    }
  };

  for (let i = 0; i < TOP_LEVEL_POSTS; i++) {
    const at = now - span + Math.floor((i / TOP_LEVEL_POSTS) * span);
    const author = users[r.int(0, USERS - 1)]!;
    const photos = r.next() < 0.6 ? r.int(1, 3) : 0;
    const post: PostRow = {
      id: uuidv7(),
      campus_id: CAMPUS,
      author_id: author.id,
      parent_id: null,
      root_id: null,
      depth: 0,
      text: TEXTS[i % TEXTS.length]!,
      category: CATEGORIES[i % CATEGORIES.length]!,
      media_count: photos,
      like_count: 0,
      comment_count: 0,
      feed_score: 0,
      created_at: at,
      updated_at: at,
    };
    author.total_posts = (author.total_posts ?? 0) + 1;
    top.push(post);
    for (let p = 0; p < photos; p++) {
      const id = uuidv7();
      const variant = (name: string, w: number, h: number) => ({
        key: `media/${id}/${name}.webp`,
        width: w,
        height: h,
      });
      media.push({
        id,
        post_id: post.id,
        owner_id: author.id,
        position: p,
        key: `media/${id}/original.webp`,
        kind: 'image',
        mime: 'image/webp',
        width: 1600,
        height: 1200,
        bytes: 250_000,
        variants: JSON.stringify({
          thumb: variant('thumb', 267, 200),
          feed: variant('feed', 1080, 810),
          original: variant('original', 1600, 1200),
        }),
        created_at: at,
      });
    }
    // About 40% of posts have a short thread (one to three comments, some with a reply).
    if (r.next() < 0.4 && i !== THREAD_INDEX) {
      const n = r.int(1, 3);
      let t = at;
      for (let c = 0; c < n; c++) {
        t += r.int(1, 3600) * 1000;
        const comment = reply(post, post, t);
        replies.push(comment);
        bump([post], t);
        if (r.next() < 0.3) {
          t += r.int(1, 600) * 1000;
          replies.push(reply(post, comment, t));
          bump([comment, post], t);
        }
      }
    }
    // Saves: zero to four distinct users; the viewer saves every third post.
    const savers = new Set<string>();
    const n = r.int(0, 4);
    while (savers.size < n) savers.add(users[r.int(1, USERS - 1)]!.id);
    if (i % 3 === 0) savers.add(viewer);
    for (const userId of savers)
      likes.push({ post_id: post.id, user_id: userId, created_at: at + 1000 });
    post.like_count = savers.size;
  }

  // The 200-comment thread: 80 comments, 70 replies to them, 50 replies to replies (depth 3).
  const thread = top[THREAD_INDEX]!;
  let t = thread.created_at;
  const level1: PostRow[] = [];
  const level2: PostRow[] = [];
  for (let c = 0; c < THREAD_COMMENTS; c++) {
    t += 60_000;
    let row: PostRow;
    if (c < 80 || level1.length === 0) {
      row = reply(thread, thread, t);
      level1.push(row);
      bump([thread], t);
    } else if (c < 150 || level2.length === 0) {
      const parent = level1[r.int(0, level1.length - 1)]!;
      row = reply(thread, parent, t);
      level2.push(row);
      bump([parent, thread], t);
    } else {
      const parent = level2[r.int(0, level2.length - 1)]!;
      const grand = level1.find((p) => p.id === parent.parent_id)!;
      row = reply(thread, parent, t);
      bump([parent, grand, thread], t);
    }
    replies.push(row);
  }
  for (const p of top) p.feed_score = feedScore(p.like_count, p.comment_count, p.created_at);

  await insertAll(db, 'users', users);
  await insertAll(db, 'posts', top);
  await insertAll(
    db,
    'posts',
    replies.sort((a, b) => a.depth - b.depth),
  );
  await insertAll(db, 'post_media', media);
  await insertAll(db, 'likes', likes);
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
  return {
    viewers,
    threadId: thread.id,
    counts: {
      users: users.length,
      topLevel: top.length,
      comments: replies.length,
      media: media.length,
      likes: likes.length,
    },
    seconds: (Date.now() - started) / 1000,
  };
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time autocannon itself used. */
  cpuMs: number;
}

/** CPU time every process of the machine has used so far (/proc/stat, USER_HZ = 100). */
function machineBusyMs(): number {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 10 - postgresCpuMs();
  } catch {
    return 0;
  }
}

/** CPU time of the PostgreSQL server's processes: part of the system under test, not a neighbour. */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * autocannon in its own process, so the load generator never shares the
 * server's event loop; each connection carries its own viewer's cookie.
 */
function load(
  url: string,
  headers: Record<string, string>,
  cookies: string[],
  duration: number,
): Promise<LoadResult> {
  const script = `
    const autocannon = require('autocannon');
    const o = JSON.parse(process.env.BENCH_LOAD);
    let next = 0;
    const setupClient = (client) => client.setHeaders({ ...o.headers, cookie: o.cookies[next++ % o.cookies.length] });
    autocannon({ url: o.url, connections: o.connections, duration: o.duration, headers: o.headers, setupClient, timeout: 30 }, (error, res) => {
      if (error) { console.error(error); process.exit(1); }
      process.stdout.write(JSON.stringify({ rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99,
        total: res.requests.total, non2xx: res.non2xx, errors: res.errors, timeouts: res.timeouts,
        cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000 }));
    });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_LOAD: JSON.stringify({ url, headers, cookies, duration, connections: CONNECTIONS }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as LoadResult)
        : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

/** A Kysely on the same database that records every statement it runs. */
function capturingDb(
  kind: 'sqlite' | 'postgres',
  target: string,
  captured: CompiledQuery[],
): { db: Db; explain(q: CompiledQuery): Promise<string> } {
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  if (kind === 'sqlite') {
    const raw = new SqliteDatabase(target, { readonly: true });
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: adaptSqlite(raw) }),
      log,
    });
    return {
      db: { kysely, dialect: 'sqlite', close: () => kysely.destroy() },
      async explain(q) {
        const rows = raw.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...sqliteParams(q)) as Array<{
          id: number;
          parent: number;
          detail: string;
        }>;
        const depth = new Map<number, number>([[0, 0]]);
        return rows
          .map((row) => {
            const d = (depth.get(row.parent) ?? 0) + 1;
            depth.set(row.id, d);
            return `${'  '.repeat(d - 1)}${row.detail}`;
          })
          .concat(`-- statement alone: ${timeSqlite(raw, q)} ms mean of 20 runs`)
          .join('\n');
      },
    };
  }
  const pool = new pg.Pool({ connectionString: target, max: 2 });
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db: { kysely, dialect: 'postgres', close: () => kysely.destroy() },
    async explain(q) {
      const result = await pool.query(
        `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) ${q.sql}`,
        q.parameters as unknown[],
      );
      return (result.rows as Array<Record<string, string>>)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    },
  };
}

/** A statement's parameters as SQLite binds them (booleans as 0/1, as the app's adapter does). */
const sqliteParams = (q: CompiledQuery): unknown[] =>
  q.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p));

function timeSqlite(raw: SqliteDatabase.Database, q: CompiledQuery): string {
  const stmt = raw.prepare(q.sql);
  const params = sqliteParams(q);
  stmt.all(...params);
  const start = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) stmt.all(...params);
  return (Number(process.hrtime.bigint() - start) / 1e6 / 20).toFixed(2);
}

/** Full scans of a table in a plan: a query that reads every post cannot stay fast at 100k posts. */
function fullScans(plan: string): string[] {
  const found = new Set<string>();
  for (const m of plan.matchAll(/^\s*SCAN (\w+)(?! USING COVERING)/gm))
    if (['posts', 'users', 'likes', 'post_media'].includes(m[1]!)) found.add(m[1]!);
  for (const m of plan.matchAll(/Seq Scan on (\w+)/g)) found.add(m[1]!);
  return [...found];
}

interface DbReport {
  name: string;
  data: DataSet;
  /** As configured by default: the campus and session caches on. */
  results: Record<'bare' | 'feed' | 'thread', LoadResult>;
  /** Every request from the database: both caches off. */
  uncached: Record<'bare' | 'feed' | 'thread', LoadResult>;
  plans: Array<{ title: string; sql: string; plan: string }>;
  check: string;
  /** Share of the machine's CPU that processes other than the server and autocannon used while measuring. */
  others: number;
}

async function benchOne(
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

    const storage = createDiskStore(path.join(dataDir, 'media'));
    /** The real app on this database, listening on loopback, with `env` on top of production settings. */
    async function serve(env: Env) {
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
          bus: createMemoryBus(),
          storage,
          geo: createGeoLookup(config),
          mail: createDevTransport(() => {}, 'http://localhost/dev/mailbox'),
        },
        { logger: false },
      );
      // The bare route exists only inside the benchmark.
      app.get('/api/bench/bare', async () => ({ hello: 'world' }));
      await app.listen({ host: '127.0.0.1', port: 0 });
      return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
    }

    // One signed-in viewer per connection, as 50 students would load the feed.
    const sessions = createSessionService(db);
    const cookies: string[] = [];
    for (const viewer of data.viewers)
      cookies.push(
        `quad_session=${await sessions.start(viewer, { userAgent: 'bench', ip: '127.0.0.1' })}`,
      );
    const headers = { host: `${CAMPUS}.localhost`, cookie: cookies[0]! };

    // node:http, not fetch: fetch does not let a caller set the Host header.
    const get = (base: string, p: string) =>
      new Promise<unknown>((resolve, reject) => {
        http
          .get(`${base}${p}`, { headers }, (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () =>
              res.statusCode === 200
                ? resolve(JSON.parse(body))
                : reject(new Error(`GET ${p}: ${res.statusCode} ${body}`)),
            );
          })
          .on('error', reject);
      });

    /** autocannon against the three routes, one after the other, and what else the machine did meanwhile. */
    async function measure(base: string) {
      const targets = {
        bare: '/api/bench/bare',
        feed: '/api/feed',
        thread: `/api/posts/${data.threadId}`,
      } as const;
      const results = {} as Record<keyof typeof targets, LoadResult>;
      let othersCpuMs = 0;
      let wallMs = 0;
      for (const [key, route] of Object.entries(targets) as Array<[keyof typeof targets, string]>) {
        // Warm-up: sequential requests, so no backlog spills into the measured window.
        const warmUntil = Date.now() + WARMUP_S * 1000;
        for (let n = 0; n < 200 && Date.now() < warmUntil; n++) await get(base, route);
        const busy0 = machineBusyMs();
        const self0 = process.cpuUsage();
        const t0 = Date.now();
        results[key] = await load(`${base}${route}`, headers, cookies, DURATION_S);
        const self = process.cpuUsage(self0);
        othersCpuMs +=
          machineBusyMs() - busy0 - (self.user + self.system) / 1000 - results[key].cpuMs;
        wallMs += Date.now() - t0;
        const res = results[key];
        console.log(
          `${key.padEnd(6)} ${res.rps.toFixed(0).padStart(6)} req/s  p50 ${res.p50} ms  p99 ${res.p99} ms  (${res.total} requests, non-2xx ${res.non2xx}, errors ${res.errors}, timeouts > 30 s ${res.timeouts}; server CPU ${(((self.user + self.system) / Math.max(1, res.total)) | 0).toString()} µs/request, load generator CPU ${res.cpuMs.toFixed(0)} ms)`,
        );
        // A wrong answer invalidates the numbers; slow answers are what is being measured.
        if (res.non2xx > 0) throw new Error(`${key}: ${res.non2xx} non-2xx answers`);
        // Requests still queued when autocannon stopped are drained before the next route.
        await get(base, '/api/bench/bare');
      }
      return {
        results,
        others: Math.max(0, othersCpuMs) / (wallMs * os.availableParallelism()),
      };
    }

    type Measured = Awaited<ReturnType<typeof measure>>;
    const plans: DbReport['plans'] = [];
    let check = '';
    let cached: Measured;
    const { app, base } = await serve({});
    try {
      // Check the answers are the real thing before timing them.
      const feed = (await get(base, '/api/feed')) as {
        items: Array<{ media: unknown[]; liked: boolean; author: { username: string } }>;
      };
      const page = (await get(base, `/api/posts/${data.threadId}`)) as {
        comments: Array<{ replies: unknown[] }>;
      };
      const countTree = (nodes: Array<{ replies?: unknown[] }>): number =>
        nodes.reduce(
          (n, c) => n + 1 + countTree((c.replies ?? []) as Array<{ replies?: unknown[] }>),
          0,
        );
      check =
        `feed page: ${feed.items.length} posts, ${feed.items.filter((p) => p.media.length > 0).length} with photos, ` +
        `${feed.items.filter((p) => p.liked).length} saved by the first viewer; thread: ${countTree(page.comments)} comments in ${page.comments.length} top-level comments`;
      console.log(check);
      if (feed.items.length !== 15 || countTree(page.comments) !== THREAD_COMMENTS)
        throw new Error(`unexpected answers: ${check}`);

      // EXPLAIN every statement one feed request and one thread request run.
      const captured: CompiledQuery[] = [];
      const capture = capturingDb(kind, target, captured);
      try {
        const viewer = (await db.kysely
          .selectFrom('users')
          .selectAll()
          .where('id', '=', data.viewers[0]!)
          .executeTakeFirstOrThrow()) as UserRow;
        const service = createPostsService({
          db: capture.db,
          storage,
          bus: createMemoryBus(),
          saves: createViewerSaves(capture.db),
        });
        await service.feed(viewer, CAMPUSES[CAMPUS], {});
        const feedQueries = captured.splice(0);
        await service.postPage(viewer, CAMPUSES[CAMPUS], data.threadId);
        const threadQueries = captured.splice(0);
        for (const [label, list] of [
          ['GET /api/feed', feedQueries],
          ['GET /api/posts/:id', threadQueries],
        ] as const) {
          for (const [i, q] of list.entries())
            plans.push({
              title: `${label}, query ${i + 1} of ${list.length}`,
              sql: q.sql,
              plan: await capture.explain(q),
            });
        }
      } finally {
        await capture.db.close();
      }

      console.log('-- as configured by default (campus and session caches on)');
      cached = await measure(base);
    } finally {
      await app.close();
    }
    console.log('-- every request from the database (POSTS_CACHE_MS=0, SESSION_CACHE_MS=0)');
    const uncachedApp = await serve({ POSTS_CACHE_MS: '0', SESSION_CACHE_MS: '0' });
    let uncached: Measured;
    try {
      uncached = await measure(uncachedApp.base);
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

async function postgresTarget(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `PostgreSQL: none answers at ${adminUrl.replace(/:[^:@/]*@/, ':***@')} (${(error as Error).message}); SQLite only.`,
    );
    return undefined;
  }
  const name = `quad_bench_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface WebReport {
  files: Array<{ file: string; gzipped: number }>;
  total: number;
}

/**
 * The JavaScript a browser loads before the first page can render: the entry
 * script of the built index.html and every module it preloads, each gzipped
 * (level 9, as a CDN or nginx would serve it). Built afresh into `dir`.
 */
function initialJavaScript(dir: string): WebReport {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    { cwd: root, env: { ...process.env, QUAD_DIST: dir }, stdio: 'inherit' },
  );
  const web = path.join(dir, 'web');
  const html = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
  const refs = new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]!),
  );
  const files = [...refs].map((ref) => ({
    file: ref,
    gzipped: zlib.gzipSync(fs.readFileSync(path.join(web, ref)), { level: 9 }).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzipped, 0) };
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<'FCP' | 'LCP' | 'TBT' | 'CLS' | 'SI', string>;
}

interface LighthouseReport {
  url: string;
  runs: LighthouseRun[];
  /** The run with the median performance score. */
  median: LighthouseRun;
  version: string;
}

const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_VERSION = '12.8.2';

/**
 * Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4× CPU
 * slowdown) on the OU feed of a signed-in student, served by the real app from
 * the fresh build in `webDist`, over the demo data of `npm run seed` in `dir`.
 */
async function lighthouseFeed(webDist: string, dir: string): Promise<LighthouseReport> {
  const file = path.join(dir, 'quad.db');
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    GEO_GATE: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${file}`,
    WEB_DIST: webDist,
  };
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  execFileSync(process.execPath, [tsx, 'server/src/seed/seed.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  // The server in a process of its own, as `npm start` runs it: Lighthouse's own
  // work in this process must not slow the pages it measures.
  const server = spawn(process.execPath, [tsx, 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const db = openDatabase({ kind: 'sqlite', file });
  try {
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error('the server for Lighthouse did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const student = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('campus_id', '=', 'ou')
      .where('school_verified', '=', true)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const token = await createSessionService(db).start(student.id, {
      userAgent: 'lighthouse',
      ip: '127.0.0.1',
    });
    const url = `http://ou.localhost:${port}/home`;
    const runs: LighthouseRun[] = [];
    let version = '';
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const lhr = runLighthouse(
        url,
        `quad_session=${token}`,
        path.join(dir, `lighthouse-${i}.json`),
      );
      version = lhr.lighthouseVersion;
      const shown = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        metrics: {
          FCP: shown('first-contentful-paint'),
          LCP: shown('largest-contentful-paint'),
          TBT: shown('total-blocking-time'),
          CLS: shown('cumulative-layout-shift'),
          SI: shown('speed-index'),
        },
      });
      console.log(
        `lighthouse run ${i + 1}: performance ${runs[i]!.performance}, accessibility ${runs[i]!.accessibility}`,
      );
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    return {
      url: 'http://ou.localhost:PORT/home',
      runs,
      median: sorted[Math.floor(sorted.length / 2)]!,
      version,
    };
  } finally {
    server.kill('SIGTERM');
    await db.close();
  }
}

/** What Lighthouse's JSON report holds that the bench reads. */
interface LighthouseResult {
  lighthouseVersion: string;
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { displayValue?: string } | undefined>;
}

/**
 * One Lighthouse run through its command line, fetched by npx from the npm
 * registry at a fixed version: not a dependency of the project, since its
 * trace engine depends on other packages' "latest", which no lock file keeps.
 */
function runLighthouse(url: string, cookie: string, output: string): LighthouseResult {
  execFileSync(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
    ],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const lhr = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseResult;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed: ${lhr.runtimeError.message}`);
  return lhr;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function machine(): { cores: string; cpu: string; memory: string } {
  let cores = String(os.availableParallelism());
  try {
    cores = execFileSync('nproc').toString().trim();
  } catch {
    // nproc is missing: keep Node's count
  }
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const cpu =
    /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  return { cores, cpu, memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB` };
}

/** A latency, or why there is none: no request finished inside the measured window. */
function ms(result: LoadResult, key: 'p50' | 'p99'): string {
  return result.total > 0 ? `${result[key]} ms` : `none finished in ${DURATION_S} s`;
}

function loadTable(results: DbReport['results']): string[] {
  return [
    '| route | requests/s | p50 | p99 | requests | errors / timeouts (30 s) |',
    '|---|---:|---:|---:|---:|---:|',
    ...(['bare', 'feed', 'thread'] as const).map(
      (k) =>
        `| ${k} | ${results[k].rps.toFixed(0)} | ${ms(results[k], 'p50')} | ${ms(results[k], 'p99')} | ${results[k].total.toLocaleString('en-US')} | ${results[k].errors} / ${results[k].timeouts} |`,
    ),
    '',
  ];
}

function planFindings(r: DbReport): string[] {
  const bad = r.plans
    .map((p) => ({ p, scans: fullScans(p.plan) }))
    .filter((x) => x.scans.length > 0);
  const timed = r.plans
    .map((p) => ({
      p,
      ms: Number(/(?:statement alone: |Execution Time: )([\d.]+) ms/.exec(p.plan)?.[1] ?? NaN),
    }))
    .filter((x) => !Number.isNaN(x.ms))
    .sort((a, b) => b.ms - a.ms);
  const slowest = timed[0]
    ? [`Slowest statement on its own, without load: ${timed[0].p.title}, ${timed[0].ms} ms.`, '']
    : [];
  if (bad.length === 0)
    return [
      ...slowest,
      'Index use: every statement of both requests reads through an index (no full table scan).',
      '',
    ];
  return [
    ...slowest,
    'Index use: **full table scans found**:',
    '',
    ...bad.map(
      (x) => `- ${x.p.title}: scans all of \`${x.scans.join('`, `')}\` (see the plan below)`,
    ),
    '',
  ];
}

function report(
  reports: DbReport[],
  web: WebReport,
  lh: LighthouseReport,
  pgNote: string,
  seconds: number,
): string {
  const m = machine();
  const yes = (ok: boolean) => (ok ? '**met**' : '**not met**');
  const lines: string[] = [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` (bench/bench.ts); DESIGN §13 sets the budgets. A benchmark, not a test: `npm test` never runs it.',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${m.cores} cores (\`nproc\`), ${m.cpu}, ${m.memory} memory`,
    `- Node ${process.version}, ${os.type()} ${os.release()}`,
    `- Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route after a warm-up of up to ${WARMUP_S} s of sequential requests (and a drain of the queue between routes), loopback, in a separate process from the server (both on the same ${m.cores} cores)`,
    `- Server: the real app (\`buildApp\`, logger off, geo gate off), listening on 127.0.0.1; each connection carries the session cookie of its own school-verified student (${CONNECTIONS} in all) and the Host \`${CAMPUS}.localhost\``,
    `- Data: ${TOP_LEVEL_POSTS.toLocaleString('en-US')} top-level posts on campus \`${CAMPUS}\` (chronological feed: 15 per page) with comments, saves and photos, plus one post with a ${THREAD_COMMENTS}-comment thread (three levels); tables analysed after loading`,
    `- PostgreSQL: ${pgNote}`,
    `- Whole run: ${seconds.toFixed(0)} s`,
    '',
    'Routes: **bare** is `GET /api/bench/bare` (added only inside the benchmark, answers `{"hello":"world"}` through the same hooks as every API call: campus, the session lookup, security headers); ' +
      '**feed** is `GET /api/feed` (page of 15 with authors, media, like state, counts); **thread** is `GET /api/posts/:id` of the 200-comment post.',
    '',
  ];
  for (const r of reports) {
    const { bare, feed, thread } = r.results;
    const ratio = feed.rps / bare.rps;
    lines.push(
      `## ${r.name}`,
      '',
      `Data: ${Object.entries(r.data.counts)
        .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
        .join(
          ', ',
        )}; generated in ${r.data.seconds.toFixed(1)} s with multi-row INSERTs in transactions.`,
      '',
      `Checked before timing: ${r.check}.`,
      '',
      `Other processes on this machine used ${(r.others * 100).toFixed(0)}% of its CPU while these routes were measured` +
        (r.others > 0.1
          ? ' — **the machine was not quiet: these numbers are lower than an idle machine would give**.'
          : ' (a quiet machine).'),
      '',
      'As configured by default: the campus cache (feed pages and threads written as JSON, and each viewer’s saves on them) and the session cache on (ADR 004, ADR 005).',
      '',
      ...loadTable(r.results),
      '| DESIGN §13 budget | measured | verdict |',
      '|---|---|---|',
      `| feed ≥ 0.5 × bare requests/s | ${ratio.toFixed(2)} × (${feed.rps.toFixed(0)} / ${bare.rps.toFixed(0)}) | ${yes(ratio >= 0.5)} |`,
      `| feed p99 < 25 ms at ${CONNECTIONS} connections | ${ms(feed, 'p99')} | ${yes(feed.total > 0 && feed.p99 < 25)} |`,
      `| thread (200 comments) p99 < 25 ms | ${ms(thread, 'p99')} | ${yes(thread.total > 0 && thread.p99 < 25)} |`,
      `| thread: one round of queries, no N+1 | ${r.plans.filter((p) => p.title.startsWith('GET /api/posts')).length} statements for 200 comments | ${yes(r.plans.filter((p) => p.title.startsWith('GET /api/posts')).length <= 8)} |`,
      '',
      '**With both caches off** (`POSTS_CACHE_MS=0`, `SESSION_CACHE_MS=0`), every request reads the session, the page, its media and the viewer’s saves from the database and writes the page anew. With the caches on, that happens once per page after each write to the campus (concurrent misses share one load). Shown for transparency: this way the budgets above are not met.',
      '',
      ...loadTable(r.uncached),
      `Feed / bare with both caches off: ${(r.uncached.feed.rps / r.uncached.bare.rps).toFixed(2)} ×.`,
      '',
      ...planFindings(r),
      `### Query plans (${r.name})`,
      '',
      r.name.startsWith('SQLite')
        ? 'SQLite `EXPLAIN QUERY PLAN` of every statement of one request:'
        : 'PostgreSQL `EXPLAIN (ANALYZE, COSTS OFF)` of every statement of one request:',
      '',
    );
    for (const p of r.plans) {
      lines.push(
        `#### ${p.title}`,
        '',
        '```sql',
        p.sql.length > 1200 ? `${p.sql.slice(0, 1200)} …` : p.sql,
        '```',
        '',
        '```',
        p.plan,
        '```',
        '',
      );
    }
  }
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  lines.push(
    '## Web',
    '',
    `Initial JavaScript: what the built \`index.html\` loads and preloads before the first paint, ${web.files.length} file${web.files.length === 1 ? '' : 's'} gzipped at level 9, ${kb(web.total)} in all; the largest (Rollup names a shared chunk after one of its modules: a chunk can hold much more than its name says):`,
    '',
    '| file | gzipped |',
    '|---|---:|',
    ...[...web.files]
      .sort((a, b) => b.gzipped - a.gzipped)
      .slice(0, 5)
      .map((f) => `| \`${f.file}\` | ${kb(f.gzipped)} |`),
    '',
    '| DESIGN §13 budget | measured | verdict |',
    '|---|---|---|',
    `| initial JavaScript under 150 KB gzipped | ${kb(web.total)} | ${yes(web.total < 150_000)} |`,
    `| Lighthouse mobile performance ≥ 95 on the feed | ${lh.median.performance} (median of ${lh.runs.length}) | ${yes(lh.median.performance >= 95)} |`,
    `| Lighthouse accessibility 100 on the feed | ${lh.median.accessibility} | ${yes(lh.median.accessibility === 100)} |`,
    '',
    `Lighthouse ${lh.version}, mobile (its emulated phone, simulated slow 4G, 4× CPU slowdown), ${lh.runs.length} runs of \`${lh.url}\` as a signed-in student over the demo data of \`npm run seed\`, served by the real app from this build:`,
    '',
    '| run | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...lh.runs.map(
      (r, i) =>
        `| ${i + 1} | ${r.performance} | ${r.accessibility} | ${r.metrics.FCP} | ${r.metrics.LCP} | ${r.metrics.TBT} | ${r.metrics.CLS} | ${r.metrics.SI} |`,
    ),
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-bench-'));
  const reports: DbReport[] = [];
  let pgNote = 'not measured';
  let web: WebReport;
  let lh: LighthouseReport;
  try {
    web = initialJavaScript(path.join(scratch, 'build'));
    console.log(`initial JavaScript: ${web.total} bytes gzipped`);
    lh = await lighthouseFeed(path.join(scratch, 'build', 'web'), path.join(scratch, 'lighthouse'));
    reports.push(
      await benchOne(
        'SQLite',
        'sqlite',
        path.join(scratch, 'bench.db'),
        path.join(scratch, 'sqlite'),
      ),
    );
    const target = await postgresTarget();
    if (target) {
      try {
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        const v = (await client.query('show server_version')).rows[0] as { server_version: string };
        await client.end();
        pgNote = `${v.server_version}, scratch database created and dropped by the run`;
        reports.push(
          await benchOne(
            `PostgreSQL ${v.server_version}`,
            'postgres',
            target.url,
            path.join(scratch, 'pg'),
          ),
        );
      } finally {
        await target.drop();
      }
    } else {
      pgNote =
        'none answered (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test): not measured';
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  const out = path.join(root, 'docs/benchmarks.md');
  fs.writeFileSync(out, report(reports, web, lh, pgNote, seconds));
  console.log(`\nWrote ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`);
}

await main();
