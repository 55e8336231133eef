/**
 * PostgreSQL and Redis restarted under the mixed load (ADR 032): the real
 * services of this machine stopped for a few seconds and started again while
 * students read, post, comment, save and message, and while live sockets
 * listen. The server is never restarted. Run alone, as it stops machine
 * services: `npm run bench -- --only restarts`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { openDatabase } from '../server/src/db/kysely';
import { migrateToLatest } from '../server/src/db/migrate';
import { createBus } from '../server/src/platform/bus';
import { generate } from './data';
import { benchPostgres, serve, targetOf } from './database';
import {
  makeStudents,
  METRICS_TOKEN,
  newestPosts,
  runStudentThread,
  type Student,
  type StudentsResult,
  THINK_MS,
} from './mixed';
import { CAMPUS } from './settings';

export const RESTARTS_HEADING = '## Restarts under load (PostgreSQL and Redis)';
const STUDENTS = Number(process.env.BENCH_RESTART_STUDENTS ?? 200);
const SOCKETS = 50;
/** How long each service stays down: a restart that waits on a checkpoint or a failover. */
export const DOWN_MS = Number(process.env.BENCH_RESTART_DOWN_MS ?? 3000);
/** When each restart begins, from the students' start, and how long they run in all. */
const PG_AT_S = 15;
const REDIS_AT_S = 40;
const RUN_S = 65;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Outage {
  service: 'PostgreSQL' | 'Redis';
  /** Seconds from the students' start: stopped, started again (its command returned). */
  stoppedAt: number;
  startedAt: number;
  /** /readyz: first answer that was not 200, and the first 200 after it (seconds). */
  readyDownAt: number | null;
  readyBackAt: number | null;
}

export interface SocketFigures {
  /** Sockets kept open (each reconnects after a close). */
  count: number;
  opened: number;
  /** Closes the server sent (4503: events were lost, reconnect and refetch) and other drops. */
  closes: Record<string, number>;
  /** After each outage: sockets that heard a new post again, and the slowest of them (s after start). */
  heardAgain: Array<{ service: string; sockets: number; lastAt: number | null }>;
}

export interface RestartsReport {
  name: string;
  students: number;
  outages: Outage[];
  timeline: StudentsResult['timeline'];
  readyz: Array<{ at: number; status: number }>;
  sockets: SocketFigures;
  failures: string[];
  serverUp: boolean;
}

/**
 * How this machine stops and starts its PostgreSQL (pg_ctlcluster) and its
 * Redis (started again as it was found: same port, address, persistence and
 * directory); null where it cannot.
 */
function serviceControls() {
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  if (versions.length === 0) return null;
  const pg = (action: string) =>
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0]!, 'main', action], {
      stdio: 'ignore',
    });
  const cli = (...args: string[]) =>
    execFileSync('redis-cli', ['-u', REDIS_URL, ...args], { encoding: 'utf8' });
  const setting = (name: string) => cli('config', 'get', name).split('\n')[1] ?? '';
  let found: string[] = [];
  return {
    postgres: { stop: () => pg('stop'), start: () => pg('start') },
    redis: {
      stop: () => {
        found = ['port', 'bind', 'save', 'appendonly', 'dir'].flatMap((name) => [
          `--${name}`,
          ...(name === 'bind' ? setting(name).split(' ') : [setting(name)]),
        ]);
        cli('shutdown', 'nosave');
      },
      start: () =>
        execFileSync('redis-server', ['--daemonize', 'yes', ...found], { stdio: 'ignore' }),
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchRestarts(
  scratch: string,
): Promise<{ report?: RestartsReport; note: string }> {
  const controls = serviceControls();
  if (!controls)
    return { note: 'no pg_ctlcluster or Redis init script on this machine: not measured' };
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return { note: `Redis did not answer at ${REDIS_URL}: not measured` };
  } finally {
    redis.disconnect();
  }
  const { report, note } = await benchPostgres(path.join(scratch, 'restarts'), (name, url) =>
    restartsOn(name, url, path.join(scratch, 'restarts'), controls),
  );
  return { report, note };
}

async function restartsOn(
  name: string,
  url: string,
  dataDir: string,
  controls: NonNullable<ReturnType<typeof serviceControls>>,
): Promise<RestartsReport> {
  console.log(`\n== restarts under load: ${name}, Redis at ${REDIS_URL} ==`);
  const db = openDatabase({ kind: 'postgres', url });
  await migrateToLatest(db);
  const data = await generate(db);
  console.log(`data: ${JSON.stringify(data.counts)} in ${data.seconds.toFixed(1)} s`);
  const bus = createBus(REDIS_URL);
  const { app, base } = await serve(
    targetOf('postgres', url, dataDir, db),
    { TRUST_PROXY: 'on', METRICS: 'on', METRICS_TOKEN, REDIS_URL },
    bus,
  );
  try {
    const students = await makeStudents(db, base, STUDENTS);
    const sample = await newestPosts(db);
    const started = Date.now();
    const at = () => (Date.now() - started) / 1000;
    const readyz = pollReadyz(base, at);
    const sockets = listen(base, students.slice(0, SOCKETS), at);
    const load = runStudentThread(base, students, sample, THINK_MS, RUN_S * 1000);
    const outages: Outage[] = [];
    for (const [service, control, atS] of [
      ['PostgreSQL', controls.postgres, PG_AT_S],
      ['Redis', controls.redis, REDIS_AT_S],
    ] as const) {
      await sleep(atS * 1000 - (Date.now() - started));
      const stoppedAt = at();
      control.stop();
      try {
        await sleep(DOWN_MS);
      } finally {
        control.start();
      }
      const startedAt = at();
      console.log(
        `${service}: stopped at ${stoppedAt.toFixed(1)} s, started at ${startedAt.toFixed(1)} s`,
      );
      outages.push({ service, stoppedAt, startedAt, readyDownAt: null, readyBackAt: null });
    }
    const result = await load;
    const polled = readyz.stop();
    const heard = sockets.stop();
    for (const [i, outage] of outages.entries()) {
      const until = outages[i + 1]?.stoppedAt ?? Infinity;
      const down = polled.find((p) => p.at >= outage.stoppedAt && p.status !== 200 && p.at < until);
      outage.readyDownAt = down?.at ?? null;
      outage.readyBackAt =
        polled.find((p) => down && p.at > down.at && p.status === 200)?.at ?? null;
    }
    const serverUp = (await fetch(`${base}/healthz`).catch(() => null))?.ok === true;
    return {
      name,
      students: students.length,
      outages,
      timeline: result.timeline,
      readyz: polled,
      sockets: heard(outages),
      failures: result.failures,
      serverUp,
    };
  } finally {
    await app.close();
    await bus.close();
    await db.close();
  }
}

/** /readyz every 250 ms (1 s timeout): what an orchestrator's probe would see. */
function pollReadyz(base: string, at: () => number) {
  const seen: Array<{ at: number; status: number }> = [];
  let running = true;
  void (async () => {
    while (running) {
      const when = at();
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) }).catch(
        () => null,
      );
      const status = res?.status ?? 0;
      if (status !== seen.at(-1)?.status)
        console.log(`  /readyz ${status || 'no answer'} at ${when.toFixed(1)} s`);
      seen.push({ at: when, status });
      await sleep(250);
    }
  })();
  return {
    stop: () => {
      running = false;
      return seen;
    },
  };
}

/**
 * Live sockets as the web client keeps them (web/src/lib/use-live.ts): on a
 * close, back after a second. Records when each heard a new post.
 */
function listen(base: string, students: Student[], at: () => number) {
  const closes: Record<string, number> = {};
  const heardAt: number[][] = students.map(() => []);
  let opened = 0;
  let running = true;
  const sockets: WebSocket[] = [];
  const open = (student: Student, i: number) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
      headers: {
        host: `${CAMPUS}.localhost`,
        cookie: student.cookie,
        'x-forwarded-for': student.ip,
      },
    });
    sockets[i] = socket;
    socket.on('open', () => {
      if (running) opened++;
    });
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'post.created')
        heardAt[i]!.push(at());
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (!running) return;
      closes[String(code)] = (closes[String(code)] ?? 0) + 1;
      setTimeout(() => open(student, i), 1000);
    });
  };
  students.forEach(open);
  return {
    stop: () => {
      running = false;
      for (const socket of sockets) socket.terminate();
      return (outages: Outage[]): SocketFigures => ({
        count: students.length,
        opened,
        closes,
        heardAgain: outages.map((outage) => {
          const firsts = heardAt
            .map((times) => times.find((t) => t > outage.startedAt))
            .filter((t): t is number => t !== undefined);
          return {
            service: outage.service,
            sockets: firsts.length,
            lastAt: firsts.length > 0 ? Math.max(...firsts) : null,
          };
        }),
      });
    },
  };
}
