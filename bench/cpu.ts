/**
 * `npm run bench -- --only cpu`: the server's own CPU time per request of the
 * cached thread and feed, for the two kinds of reader a written page has
 * (ADR 044): one to whom nothing on it is personal, who is sent the page as
 * written, and one who wrote a comment in the thread, whose copy has that
 * hole written again. A small data set (the thread is the same 200
 * comments); the app in this process, autocannon in its own. With
 * `--cpu-prof DIR`, each run's CPU profile (open it in Chrome's DevTools)
 * is written to DIR.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/kysely';
import { migrateToLatest } from '../server/src/db/migrate';
import { generate } from './data';
import { get, load } from './load';
import { serve, signIn, targetOf } from './database';
import { CAMPUS, DURATION_S, TOP_LEVEL_POSTS } from './settings';

const CONNECTIONS = 10;

export interface CpuRow {
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

export async function benchCpu(scratch: string, profiles?: string): Promise<CpuRow[]> {
  const file = path.join(scratch, 'cpu.db');
  const db = openDatabase({ kind: 'sqlite', file });
  const rows: CpuRow[] = [];
  try {
    await migrateToLatest(db);
    const data = await generate(db);
    const client = await signIn(db, data.viewers);
    for (const caches of ['on', 'off'] as const) {
      const env = caches === 'on' ? {} : { POSTS_CACHE_MS: '0', SESSION_CACHE_MS: '0' };
      const { app, base } = await serve(targetOf('sqlite', file, scratch, db), env);
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
            const session = profiles ? new Session() : null;
            if (session) {
              session.connect();
              await session.post('Profiler.enable');
              await session.post('Profiler.start');
            }
            const before = process.cpuUsage();
            const result = await load(`${base}${url}`, headers, [cookie], DURATION_S, {
              connections: CONNECTIONS,
            });
            const used = process.cpuUsage(before);
            if (session) {
              const { profile } = await session.post('Profiler.stop');
              const name = `${route.split(' ')[0]}-${index === writer ? 'writer' : 'reader'}-caches-${caches}.cpuprofile`;
              fs.mkdirSync(profiles!, { recursive: true });
              fs.writeFileSync(path.join(profiles!, name), JSON.stringify(profile));
              session.disconnect();
            }
            const row = {
              caches,
              route,
              reader: kind,
              requests: result.total,
              cpuUs: Math.round((used.user + used.system) / result.total),
              p99: result.p99,
            };
            console.log(
              `${row.route}, ${row.reader}, caches ${caches}: ${row.cpuUs} µs of server CPU a request`,
            );
            rows.push(row);
          }
      } finally {
        await app.close();
      }
    }
  } finally {
    await db.close();
  }
  return rows;
}

/** The section of docs/benchmarks.md. */
export function cpuSection(rows: CpuRow[], note: string, profiled: boolean): string[] {
  return [
    '## Server CPU per request',
    '',
    note,
    '',
    `SQLite with ${TOP_LEVEL_POSTS.toLocaleString('en-US')} top-level posts (BENCH_POSTS), first with the caches as configured by default, then with both off (\`POSTS_CACHE_MS=0\`, \`SESSION_CACHE_MS=0\`: every request reads the session and the page from the database and writes the page anew, the miss path), ${CONNECTIONS} connections for ${DURATION_S} s per row, one reader per row, campus \`${CAMPUS}\`; ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}). The server's CPU time (user and system) over the run, divided by the requests it answered.${profiled ? ' The CPU profiler was on (`--cpu-prof`): its own cost is in the figures.' : ''}`,
    '',
    '| caches | route | reader | requests | server CPU a request | p99 |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.caches} | ${r.route} | ${r.reader} | ${r.requests.toLocaleString('en-US')} | ${r.cpuUs} µs | ${r.p99} ms |`,
    ),
  ];
}
