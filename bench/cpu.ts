/**
 * `npm run bench -- --only cpu`: the server's own CPU time per request of the
 * cached thread and feed, for the two kinds of reader a written page has
 * (ADR 044): one to whom nothing on it is personal, who is sent the page as
 * written, and one who wrote a comment in the thread, whose copy has that
 * hole written again. A small data set (the thread is the same 200
 * comments), on SQLite and then PostgreSQL; the app in this process,
 * autocannon in its own. Then the log's cost on the cached feed, and with
 * `--processes 1,2` the cached feed and thread at each WEB_CONCURRENCY. With
 * `--cpu-prof DIR`, each run's CPU profile (open it in Chrome's DevTools) is
 * written to DIR, the log's runs as log-0 to log-2.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { LogController } from 'fastify';
import { openDatabase } from '../server/src/db/kysely';
import { migrateToLatest } from '../server/src/db/migrate';
import { createLogStream } from '../server/src/http/request-log';
import { generate } from './data';
import { BENCH_REDIS_URL, entryPointNote, startEntryPoint } from './entry-point';
import { type Client, get, load } from './load';
import { benchPostgres, serve, signIn, type Target, targetOf } from './database';
import { CAMPUS, CONNECTIONS as LOAD_CONNECTIONS, DURATION_S, TOP_LEVEL_POSTS } from './settings';

const CONNECTIONS = 10;
/** Rounds of the log's variants (the median of each is reported). */
const LOG_ROUNDS = 3;

export interface CpuRow {
  database: Target['kind'];
  /** `on` as configured by default, `off` with POSTS_CACHE_MS=0 and SESSION_CACHE_MS=0: the miss path. */
  caches: 'on' | 'off';
  route: string;
  reader: string;
  requests: number;
  /** Server CPU (user + system) per request, in µs. */
  cpuUs: number;
  p99: number;
}

/** The thread's comment authors, to pick a reader who wrote one and one who did not. */
function authorsOf(page: { comments: Array<{ author: { id: string }; replies: unknown[] }> }) {
  const ids = new Set<string>();
  const walk = (n: { author: { id: string }; replies: unknown[] }) => {
    ids.add(n.author.id);
    for (const r of n.replies) walk(r as typeof n);
  };
  page.comments.forEach(walk);
  return ids;
}

/** The CPU profiler of this process, started. */
async function startProfiler(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return session;
}

/** The profile `session` took, written to `dir` as `name`, the profiler stopped. */
async function writeProfile(session: Session, dir: string, name: string): Promise<void> {
  const { profile } = await session.post('Profiler.stop');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), JSON.stringify(profile));
  session.disconnect();
}

/** The cached feed with the log at `warn`, and at `info` to a file as before ADR 062 and now. */
export interface LogRow {
  log: string;
  rps: number;
  cpuUs: number;
  p99: number;
}

/** The cached feed and thread served by WEB_CONCURRENCY processes (ADR 062). */
export interface ProcessRow {
  processes: number;
  route: string;
  rps: number;
  cpuUs: number;
  p99: number;
}

export interface CpuReport {
  rows: CpuRow[];
  /** The PostgreSQL rows' server, or why there are none. */
  pgNote: string;
  logging: LogRow[];
  processes: ProcessRow[];
  processesNote: string;
}

/** Each route for each reader, with the caches as configured (`on`) or both off (the miss path). */
async function routeRows(
  target: Target,
  data: Awaited<ReturnType<typeof generate>>,
  client: Client,
  caches: CpuRow['caches'],
  profiles: string | undefined,
): Promise<CpuRow[]> {
  const rows: CpuRow[] = [];
  const env = caches === 'on' ? {} : { POSTS_CACHE_MS: '0', SESSION_CACHE_MS: '0' };
  const { app, base } = await serve(target, env);
  try {
    const thread = `/api/posts/${data.threadId}`;
    const page = (await get(base, thread, client.headers)) as Parameters<typeof authorsOf>[0];
    const authors = authorsOf(page);
    const writer = data.viewers.findIndex((v) => authors.has(v));
    const reader = data.viewers.findIndex((v) => !authors.has(v));
    const readers: Array<[string, number]> = [
      ['nothing on the page is theirs', reader],
      ['wrote a comment in the thread', writer],
    ];
    for (const [route, url] of [
      ['thread (200 comments)', thread],
      ['feed', '/api/feed'],
    ] as const)
      for (const [kind, index] of readers) {
        if (index < 0) continue;
        const cookie = client.cookies[index]!;
        const headers = { ...client.headers, cookie };
        for (let n = 0; n < 200; n++) await get(base, url, headers);
        const session = profiles ? await startProfiler() : null;
        const before = process.cpuUsage();
        const result = await load(`${base}${url}`, headers, [cookie], DURATION_S, {
          connections: CONNECTIONS,
        });
        const used = process.cpuUsage(before);
        if (session)
          await writeProfile(
            session,
            profiles!,
            `${target.kind}-${route.split(' ')[0]}-${index === writer ? 'writer' : 'reader'}-caches-${caches}.cpuprofile`,
          );
        const row = {
          database: target.kind,
          caches,
          route,
          reader: kind,
          requests: result.total,
          cpuUs: Math.round((used.user + used.system) / result.total),
          p99: result.p99,
        };
        console.log(
          `${target.kind}, ${row.route}, ${row.reader}, caches ${caches}: ${row.cpuUs} µs of server CPU a request`,
        );
        rows.push(row);
      }
  } finally {
    await app.close();
  }
  return rows;
}

/** One database's data set and readers, and its rows with the caches on and off. */
async function databaseRows(target: Target, profiles: string | undefined) {
  await migrateToLatest(target.db);
  const data = await generate(target.db);
  const client = await signIn(target.db, data.viewers);
  const rows: CpuRow[] = [];
  for (const caches of ['on', 'off'] as const)
    rows.push(...(await routeRows(target, data, client, caches, profiles)));
  return { data, client, rows };
}

export async function benchCpu(
  scratch: string,
  profiles?: string,
  processCounts: number[] = [],
): Promise<CpuReport> {
  const file = path.join(scratch, 'cpu.db');
  const db = openDatabase({ kind: 'sqlite', file });
  const rows: CpuRow[] = [];
  let pgNote = '';
  let logging: LogRow[] = [];
  let measured = {
    rows: [] as ProcessRow[],
    note: 'not measured (`--processes 1,2` measures them)',
  };
  try {
    const target = targetOf('sqlite', file, scratch, db);
    const { data, client, rows: sqliteRows } = await databaseRows(target, profiles);
    rows.push(...sqliteRows);
    const postgres = await benchPostgres(path.join(scratch, 'pg-cpu'), async (_name, url) => {
      const pgDb = openDatabase({ kind: 'postgres', url });
      try {
        return (await databaseRows(targetOf('postgres', url, scratch, pgDb), profiles)).rows;
      } finally {
        await pgDb.close();
      }
    });
    rows.push(...(postgres.report ?? []));
    pgNote = postgres.note;
    logging = await benchLogging(target, client, scratch, profiles);
    if (processCounts.length > 0)
      measured = await benchProcesses(
        file,
        scratch,
        client,
        `/api/posts/${data.threadId}`,
        processCounts,
      );
  } finally {
    await db.close();
  }
  return { rows, pgNote, logging, processes: measured.rows, processesNote: measured.note };
}

/**
 * The cached feed's cost of the log (ADR 062): the log at `warn`, then at
 * `info` to a file, as it was (Fastify's two lines a request, each written at
 * once) and as it is (one short line, written with others later).
 */
async function benchLogging(
  target: Target,
  client: Client,
  scratch: string,
  profiles: string | undefined,
): Promise<LogRow[]> {
  const rows: LogRow[] = [];
  const variants: Array<
    [string, (file: string) => Parameters<typeof serve>[3], Record<string, string>]
  > = [
    [
      'warn',
      (file) => ({ logger: { level: 'warn', stream: createLogStream(fs.openSync(file, 'a')) } }),
      {},
    ],
    [
      'info, as before: two lines a request, each written at once',
      (file) => ({
        logger: { level: 'info', file },
        logController: new LogController({ disableRequestLogging: false }),
      }),
      // The new request line only for writes: the cached feed's GETs get Fastify's two.
      { LOG_SAMPLE: '0' },
    ],
    [
      'info, now: one line a request, gathered into few writes',
      (file) => ({ logger: { level: 'info', stream: createLogStream(fs.openSync(file, 'a')) } }),
      {},
    ],
  ];
  // Rounds of the three, each variant's median kept: the machine's drift
  // over a minute is as large as the difference measured.
  const runs: LogRow[][] = variants.map(() => []);
  for (let round = 0; round < LOG_ROUNDS; round++)
    for (const [index, [name, options, env]] of variants.entries()) {
      const file = path.join(scratch, `log-${index}.log`);
      const { app, base } = await serve(target, env, undefined, options(file));
      try {
        for (let n = 0; n < 200; n++) await get(base, '/api/feed', client.headers);
        const session = profiles && round === 0 ? await startProfiler() : null;
        const before = process.cpuUsage();
        const result = await load(`${base}/api/feed`, client.headers, client.cookies, DURATION_S, {
          connections: CONNECTIONS,
        });
        const used = process.cpuUsage(before);
        if (session) await writeProfile(session, profiles!, `log-${index}.cpuprofile`);
        const row = {
          log: name,
          rps: result.rps,
          cpuUs: Math.round((used.user + used.system) / result.total),
          p99: result.p99,
        };
        console.log(
          `cached feed, log ${row.log}, round ${round + 1}: ${row.rps.toFixed(0)} requests/s, ${row.cpuUs} µs a request`,
        );
        runs[index]!.push(row);
      } finally {
        await app.close();
      }
    }
  for (const measured of runs) {
    const middle = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1]!;
    rows.push({
      log: measured[0]!.log,
      rps: middle(measured.map((r) => r.rps)),
      cpuUs: middle(measured.map((r) => r.cpuUs)),
      p99: middle(measured.map((r) => r.p99)),
    });
  }
  return rows;
}

/** CPU time (user + system, µs) of `pid` and every process it started, from /proc (Linux). */
function treeCpuUs(pid: number): number {
  const tick = 1_000_000 / 100; // USER_HZ is 100 on Linux
  const ofPid = (p: number): number => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = (Number(fields[11]) + Number(fields[12])) * tick;
      const children = fs
        .readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(' ')
        .filter(Boolean)
        .map(Number);
      return own + children.reduce((sum, c) => sum + ofPid(c), 0);
    } catch {
      return 0;
    }
  };
  return ofPid(pid);
}

/**
 * The real entry point (server/src/main.ts) with WEB_CONCURRENCY at each of
 * `counts`, on the same database, Redis joining the processes: the cached
 * feed and thread, and the CPU of every server process per request.
 */
async function benchProcesses(
  file: string,
  scratch: string,
  client: Client,
  thread: string,
  counts: number[],
): Promise<{ rows: ProcessRow[]; note: string }> {
  const rows: ProcessRow[] = [];
  for (const processes of counts) {
    const entry = await startEntryPoint(processes, `sqlite:${file}`, scratch);
    if (!entry)
      return {
        rows,
        note: `${processes} processes did not start (is Redis at ${BENCH_REDIS_URL}?)`,
      };
    const { server, base } = entry;
    try {
      for (const [route, url] of [
        ['feed', '/api/feed'],
        ['thread (200 comments)', thread],
      ] as const) {
        for (let n = 0; n < 200; n++) await get(base, url, client.headers);
        const before = treeCpuUs(server.pid!);
        const result = await load(`${base}${url}`, client.headers, client.cookies, DURATION_S, {
          connections: LOAD_CONNECTIONS,
        });
        const row = {
          processes,
          route,
          rps: result.rps,
          cpuUs: Math.round((treeCpuUs(server.pid!) - before) / Math.max(1, result.total)),
          p99: result.p99,
        };
        console.log(
          `${processes} process(es), ${route}: ${row.rps.toFixed(0)} requests/s, p99 ${row.p99} ms, ${row.cpuUs} µs a request`,
        );
        rows.push(row);
      }
    } finally {
      await entry.stop();
    }
  }
  return {
    rows,
    note: `${entryPointNote(counts)}, ${LOAD_CONNECTIONS} connections for ${DURATION_S} s per row; server CPU is that of the primary and every worker, from /proc`,
  };
}

/** The miss path's CPU budget beside a row with the caches off (the same as the full run's). */
function missBudget(r: CpuRow): string {
  if (r.caches === 'on') return '';
  const budgetUs = r.route === 'feed' ? 500 : 2000;
  return `< ${budgetUs / 1000} ms: ${r.cpuUs < budgetUs ? '**met**' : '**not met**'}`;
}

/** The section of docs/benchmarks.md. */
export function cpuSection(
  { rows, pgNote, logging, processes, processesNote }: CpuReport,
  note: string,
  profiled: boolean,
): string[] {
  const warn = logging[0];
  return [
    '## Server CPU per request',
    '',
    note,
    '',
    `SQLite, then PostgreSQL (${pgNote}), each with ${TOP_LEVEL_POSTS.toLocaleString('en-US')} top-level posts (BENCH_POSTS), first with the caches as configured by default, then with both off (\`POSTS_CACHE_MS=0\`, \`SESSION_CACHE_MS=0\`: every request reads the session and the page from the database and writes the page anew, the miss path), ${CONNECTIONS} connections for ${DURATION_S} s per row, one reader per row, campus \`${CAMPUS}\`; ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}). The server's CPU time (user and system) over the run, divided by the requests it answered.${profiled ? ' The CPU profiler was on (`--cpu-prof`): its own cost is in the figures.' : ''}`,
    '',
    '| database | caches | route | reader | requests | server CPU a request | p99 | budget (caches off) |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.caches} | ${r.route} | ${r.reader} | ${r.requests.toLocaleString('en-US')} | ${r.cpuUs} µs | ${r.p99} ms | ${missBudget(r)} |`,
    ),
    '',
    "### The log's cost (ADR 062)",
    '',
    `The cached feed, ${CONNECTIONS} connections for ${DURATION_S} s, one reader per connection, with the log written to a file: at \`warn\` (nothing a request), then at \`info\` as it was (Fastify's two lines a request, each with one write of its own) and as it is (one short line a request, gathered with the others of the next 20 ms into writes of up to 4 KB); ${LOG_ROUNDS} rounds of the three, each figure the median of its rounds. Budget: logging every request at \`info\` costs under 10% of the requests a second at \`warn\`.`,
    '',
    '| log | requests/s | × warn | server CPU a request | p99 | budget: ≥ 0.90 × warn |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...logging.map((l) => {
      const ratio = warn ? l.rps / warn.rps : 1;
      const verdict = l === warn ? '' : ratio >= 0.9 ? '**met**' : '**not met**';
      return `| ${l.log} | ${l.rps.toFixed(0)} | ${ratio.toFixed(2)} × | ${l.cpuUs} µs | ${l.p99} ms | ${verdict} |`;
    }),
    '',
    '### Processes (WEB_CONCURRENCY, ADR 062)',
    '',
    `Measured: ${processesNote}.`,
    '',
    ...(processes.length > 0
      ? [
          '| processes | route | requests/s | server CPU a request | p99 |',
          '| ---: | --- | ---: | ---: | ---: |',
          ...processes.map(
            (p) =>
              `| ${p.processes} | ${p.route} | ${p.rps.toFixed(0)} | ${p.cpuUs} µs | ${p.p99} ms |`,
          ),
          '',
        ]
      : []),
  ];
}
