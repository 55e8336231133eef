/**
 * The mixed load (ADR 031): N virtual students at once on 100k posts, each with
 * a session, an address and a chat of their own, reading the feed and scrolling
 * three pages, opening posts, searching, reading notifications, saving and
 * unsaving, commenting, posting with a photo and messaging, by a fixed mix and
 * with think time between actions (bench/mixed-students.mjs, on a thread of its
 * own). On SQLite and PostgreSQL; per route and overall latencies, requests per
 * second, 5xx, and the largest N measured whose overall p99 stays under 250 ms.
 *
 * `npm run bench -- --only mixed` runs this part alone and replaces only its
 * section of docs/benchmarks.md.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { openDatabase } from '../server/src/db/kysely';
import { migrateToLatest } from '../server/src/db/migrate';
import { createSessionService } from '../server/src/modules/auth/sessions.service';
import { generate } from './data';
import { benchPostgres, serve, targetOf } from './database';
import { BENCH_REDIS_URL, entryPointNote, loggedErrors, startEntryPoint } from './entry-point';
import { CAMPUS } from './settings';

/**
 * Share of actions (they add to 100): 70 % reads, 20 % saves and comments,
 * 5 % posts, 5 % in the chat (messages, and offers made and withdrawn).
 */
export const MIX = {
  feed: 35,
  post: 20,
  search: 10,
  notifications: 5,
  save: 12,
  comment: 8,
  listing: 5,
  message: 3,
  offer: 2,
} as const;
/** Mean think time between a student's actions (uniform over half to one and a half of it). */
export const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1_000);
export const MIXED_DURATION_S = Number(process.env.BENCH_MIXED_DURATION ?? 20);
export const MIXED_WARMUP_S = 5;

/**
 * The warm-up before a run's window: students arrive spread over one mean
 * think time (as they would, not all at once), so the window opens once the
 * last has arrived and done a first action; never under MIXED_WARMUP_S.
 */
export const warmupMsFor = (thinkMs: number) => Math.max(MIXED_WARMUP_S * 1000, thinkMs + 2000);
export const STUDENT_COUNTS = (process.env.BENCH_STUDENTS ?? '200,500,1000,2000')
  .split(',')
  .map(Number);
/**
 * The last run: the largest student count again, with the think time of a
 * student who reads what they open (ADR 031). At 1 s of think time 2,000
 * students ask for ~1,700 requests/s, twice what this machine serves.
 */
export const READING_THINK_MS = Number(process.env.BENCH_READING_THINK_MS ?? 10_000);
/** The metrics token of the bench's server (its cache hit rates come from /metrics). */
export const METRICS_TOKEN = 'bench-'.padEnd(40, '0');

export interface RouteFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Lookups of one in-memory cache during a run's measured window. */
export interface CacheFigures {
  hits: number;
  misses: number;
}

export interface MixedRun {
  students: number;
  /** WEB_CONCURRENCY of the real entry point; absent for the app in the bench's own process. */
  processes?: number;
  /** Mean think time of this run. */
  thinkMs: number;
  /** By cache (sessions, posts_pages, posts_viewer …), from the server's /metrics. */
  caches: Record<string, CacheFigures>;
  rps: number;
  overall: RouteFigures;
  routes: Record<string, RouteFigures>;
  statuses: Record<string, number>;
  failures: string[];
}

export interface MixedReport {
  name: string;
  posts: number;
  runs: MixedRun[];
  /** How the process runs were made, or why they were not. */
  processesNote?: string;
}

/**
 * With `--processes 1,2`: the rows that decide the budgets at scale (the
 * largest count at 1 s of think time below 2,000, and 2,000 reading) again,
 * served by the real entry point at each WEB_CONCURRENCY (ADR 062).
 */
export const PROCESS_ROWS = [
  [1_000, THINK_MS],
  [2_000, READING_THINK_MS],
] as const;

export interface Student {
  cookie: string;
  ip: string;
  chatId: string;
  /** The price of the peer's listing the chat is pinned to (ADR 051); null when the peer sells none. */
  listingPrice: number | null;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const figures = (values: number[]): RouteFigures => {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    p50: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    p99: round(quantile(sorted, 0.99)),
  };
};

/** One database: the data set, students with chats, then one run per student count. */
async function mixedOn(
  name: string,
  kind: 'sqlite' | 'postgres',
  target: string,
  dataDir: string,
  processCounts: number[],
): Promise<MixedReport> {
  console.log(`\n== mixed load: ${name} ==`);
  const db = openDatabase(kind === 'sqlite' ? { kind, file: target } : { kind, url: target });
  try {
    await migrateToLatest(db);
    const data = await generate(db);
    console.log(`data: ${JSON.stringify(data.counts)} in ${data.seconds.toFixed(1)} s`);
    // Behind a proxy each student has an address of their own, as on a campus network.
    const { app, base } = await serve(targetOf(kind, target, dataDir, db), {
      TRUST_PROXY: 'on',
      METRICS: 'on',
      METRICS_TOKEN,
    });
    // Closed before the process runs, which serve the same database from processes of their own.
    let closed = false;
    try {
      const students = await makeStudents(db, base, Math.max(...STUDENT_COUNTS));
      const sample = await newestPosts(db);
      const runs: MixedRun[] = [];
      const counts = STUDENT_COUNTS.map((count) => [count, THINK_MS] as const);
      if (READING_THINK_MS > 0) counts.push([Math.max(...STUDENT_COUNTS), READING_THINK_MS]);
      for (const [count, thinkMs] of counts) {
        await drained(base);
        const run = await runStudents(base, students.slice(0, count), sample, thinkMs);
        runs.push(run);
        console.log(
          `${String(count).padStart(5)} students, think ${thinkMs} ms: ${run.rps.toFixed(0)} req/s, p50 ${run.overall.p50} ms, p95 ${run.overall.p95} ms, p99 ${run.overall.p99} ms, feed p99 ${run.routes.feed?.p99 ?? '-'} ms, 5xx ${run.statuses['5xx']}, errors ${run.statuses.errors}, 4xx ${run.statuses['4xx']}`,
        );
        // Which routes make the tail, for whoever reads the run (the report keeps 200 students').
        const tail = Object.entries(run.routes).sort(([, a], [, b]) => b.p99 - a.p99);
        console.log(`  p99 by route: ${tail.map(([r, f]) => `${r} ${f.p99}`).join(', ')}`);
        for (const failure of run.failures.slice(0, 5)) console.log(`  ${failure}`);
      }
      await app.close();
      closed = true;
      const processesNote =
        processCounts.length > 0
          ? await processRuns(kind, target, dataDir, students, sample, processCounts, runs)
          : undefined;
      return { name, posts: data.counts.topLevel!, runs, processesNote };
    } finally {
      if (!closed) await app.close();
    }
  } finally {
    await db.close();
  }
}

/** PROCESS_ROWS at each count of processes, appended to `runs`; says how they were run. */
async function processRuns(
  kind: 'sqlite' | 'postgres',
  target: string,
  dataDir: string,
  students: Student[],
  sample: string[],
  counts: number[],
  runs: MixedRun[],
): Promise<string> {
  const database = kind === 'sqlite' ? `sqlite:${target}` : target;
  for (const processes of counts) {
    const entry = await startEntryPoint(processes, database, dataDir, {
      TRUST_PROXY: 'on',
      METRICS: 'on',
      METRICS_TOKEN,
    });
    if (!entry) return `${processes} processes did not start (is Redis at ${BENCH_REDIS_URL}?)`;
    try {
      for (const [count, thinkMs] of PROCESS_ROWS) {
        if (count > students.length) continue;
        await drained(entry.base);
        const run = await runStudents(entry.base, students.slice(0, count), sample, thinkMs);
        runs.push({ ...run, processes });
        console.log(
          `${String(count).padStart(5)} students, think ${thinkMs} ms, ${processes} process(es): ${run.rps.toFixed(0)} req/s, p99 ${run.overall.p99} ms, feed p99 ${run.routes.feed?.p99 ?? '-'} ms, 5xx ${run.statuses['5xx']}, errors ${run.statuses.errors}`,
        );
        for (const failure of run.failures.slice(0, 5)) console.log(`  ${failure}`);
      }
    } finally {
      await entry.stop();
      for (const error of loggedErrors(entry.logFile).slice(0, 5))
        console.log(`  logged: ${error}`);
    }
  }
  return entryPointNote(counts);
}

/** The campus's 500 newest posts: what students open before they have scrolled. */
export async function newestPosts(db: ReturnType<typeof openDatabase>): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('posts')
    .select('id')
    .where('campus_id', '=', CAMPUS)
    .where('parent_id', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

/** Sessions for the data set's students, each paired with the next in a chat started through the API. */
export async function makeStudents(
  db: ReturnType<typeof openDatabase>,
  base: string,
  count: number,
): Promise<Student[]> {
  const users = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('campus_id', '=', CAMPUS)
    .orderBy('id')
    .limit(count)
    .execute();
  const sessions = createSessionService(db);
  const students: Student[] = [];
  for (const [i, user] of users.entries()) {
    const token = await sessions.start(user.id, { userAgent: 'bench', ip: '127.0.0.1' });
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const peer = users[(i + 1) % users.length]!.id;
    // The chat is about one of the peer's listings, as Send Message on it starts one.
    const listing = await db.kysely
      .selectFrom('posts')
      .select(['id', 'price'])
      .where('author_id', '=', peer)
      .where('parent_id', 'is', null)
      .where('status', '=', 'available')
      .where('price', '>', 0)
      .limit(1)
      .executeTakeFirst();
    const res = await fetchJson(base, 'POST', '/api/chats', `quad_session=${token}`, ip, {
      userId: peer,
      ...(listing ? { listingId: listing.id } : {}),
    });
    students.push({
      cookie: `quad_session=${token}`,
      ip,
      chatId: res.chat.id as string,
      listingPrice: listing?.price ?? null,
    });
  }
  return students;
}

async function fetchJson(
  base: string,
  method: string,
  p: string,
  cookie: string,
  ip: string,
  body: unknown,
): Promise<{ chat: { id: unknown } }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      `${base}${p}`,
      {
        method,
        headers: {
          host: `${CAMPUS}.localhost`,
          cookie,
          'x-forwarded-for': ip,
          'x-quad-csrf': '1',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          res.statusCode && res.statusCode < 300
            ? resolve(JSON.parse(text) as { chat: { id: unknown } })
            : reject(new Error(`${method} ${p}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Waits until the server has worked off what an overloaded run left queued
 * (requests of students who are gone, still waiting for the database): until
 * /readyz, which asks the database, answers within 50 ms three times running.
 */
async function drained(base: string): Promise<void> {
  const until = Date.now() + 120_000;
  for (let quick = 0; quick < 3 && Date.now() < until;) {
    const began = performance.now();
    const res = await fetch(`${base}/readyz`).catch(() => null);
    quick = res?.ok && performance.now() - began < 50 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Cache lookups so far, by cache, as the server's /metrics counts them. */
async function cacheLookups(base: string): Promise<Record<string, CacheFigures>> {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const caches: Record<string, CacheFigures> = {};
  for (const [, cache, result, value] of (await res.text()).matchAll(
    /^quad_cache_lookups_total\{cache="([^"]+)",result="(hit|miss)"\} (\d+)/gm,
  )) {
    const figures = (caches[cache!] ??= { hits: 0, misses: 0 });
    figures[result === 'hit' ? 'hits' : 'misses'] = Number(value);
  }
  return caches;
}

/** Lookups between two readings of the counters. */
const lookupsBetween = (
  before: Record<string, CacheFigures>,
  after: Record<string, CacheFigures>,
): Record<string, CacheFigures> =>
  Object.fromEntries(
    Object.entries(after).map(([cache, f]) => [
      cache,
      {
        hits: f.hits - (before[cache]?.hits ?? 0),
        misses: f.misses - (before[cache]?.misses ?? 0),
      },
    ]),
  );

/** What the students' thread reports when its time is up. */
export interface StudentsResult {
  latencies: Record<string, number[]>;
  statuses: Record<string, number>;
  failures: string[];
  /** Answers by the second they came in, from the start, warm-up included. */
  timeline: Array<Record<'2xx' | '4xx' | '5xx' | 'errors', number>>;
  windowMs: number;
}

/** Runs the students on a thread of their own (mixed-students.mjs) until their time is up. */
export async function runStudentThread(
  base: string,
  students: Student[],
  sample: string[],
  thinkMs: number,
  durationMs = MIXED_DURATION_S * 1000,
): Promise<StudentsResult> {
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const worker = new Worker(path.join(import.meta.dirname, 'mixed-students.mjs'), {
    workerData: {
      base,
      host: `${CAMPUS}.localhost`,
      students,
      sample,
      jpeg: jpeg.toString('base64'),
      mix: MIX,
      durationMs,
      warmupMs: warmupMsFor(thinkMs),
      thinkMs,
    },
  });
  try {
    return await new Promise<StudentsResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

async function runStudents(
  base: string,
  students: Student[],
  sample: string[],
  thinkMs: number,
): Promise<MixedRun> {
  // The counters when the measured window opens and when it closes.
  const window = new Promise<Record<string, CacheFigures>>((resolve, reject) => {
    setTimeout(() => {
      cacheLookups(base).then(async (before) => {
        await new Promise((r) => setTimeout(r, MIXED_DURATION_S * 1000));
        resolve(lookupsBetween(before, await cacheLookups(base)));
      }, reject);
    }, warmupMsFor(thinkMs));
  });
  const result = await runStudentThread(base, students, sample, thinkMs);
  const caches = await window;
  const all = Object.values(result.latencies).flat();
  return {
    students: students.length,
    thinkMs,
    caches,
    rps: all.length / (result.windowMs / 1000),
    overall: figures(all),
    routes: Object.fromEntries(
      Object.entries(result.latencies).map(([route, values]) => [route, figures(values)]),
    ),
    statuses: result.statuses,
    failures: result.failures,
  };
}

/** Both databases (PostgreSQL when one answers). */
export async function benchMixed(
  scratch: string,
  processCounts: number[] = [],
): Promise<{ reports: MixedReport[]; pgNote: string }> {
  // BENCH_MIXED_DATABASES=postgres (or sqlite) runs one database only, for a quick look.
  const only = process.env.BENCH_MIXED_DATABASES;
  const reports =
    only === 'postgres'
      ? []
      : [
          await mixedOn(
            'SQLite',
            'sqlite',
            path.join(scratch, 'mixed.db'),
            path.join(scratch, 'mixed-sqlite'),
            processCounts,
          ),
        ];
  if (only === 'sqlite') return { reports, pgNote: 'not measured (BENCH_MIXED_DATABASES=sqlite)' };
  const pg = await benchPostgres(path.join(scratch, 'mixed-pg'), (name, url) =>
    mixedOn(name, 'postgres', url, path.join(scratch, 'mixed-pg'), processCounts),
  );
  if (pg.report) reports.push(pg.report);
  return { reports, pgNote: pg.note };
}
