/**
 * The load runs: autocannon against the bare route, the feed and the thread,
 * and how much of the machine's CPU other processes took meanwhile.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { CONNECTIONS, DURATION_S, WARMUP_S, root } from './settings';

export interface LoadResult {
  rps: number;
  /** Latencies in ms to 0.1 ms, from every response of the measured window. */
  p50: number;
  p95: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time autocannon itself used. */
  cpuMs: number;
  /** The server's CPU time (user and system) per answered request, in µs, where measured. */
  serverCpuUs?: number;
}

export type Route = 'bare' | 'feed' | 'thread';

/** The requests' headers, and one session cookie per connection. */
export interface Client {
  headers: Record<string, string>;
  cookies: string[];
}

/** A JSON answer of the app; node:http, not fetch: fetch does not let a caller set the Host header. */
export function get(base: string, p: string, headers: Record<string, string>): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
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
}

/** autocannon against the three routes, one after the other, and what else the machine did meanwhile. */
export async function measure(
  base: string,
  client: Client,
  threadId: string,
): Promise<{ results: Record<Route, LoadResult>; others: number }> {
  return measureRoutes(base, client, {
    bare: '/api/bench/bare',
    feed: '/api/feed',
    thread: `/api/posts/${threadId}`,
  });
}

/**
 * autocannon against each of `targets` (name → path), one after the other,
 * and the share of the machine's CPU other processes took meanwhile.
 */
export async function measureRoutes<K extends string>(
  base: string,
  { headers, cookies }: Client,
  targets: Record<K, string>,
  options: { connections?: number; distinctIps?: boolean } = {},
): Promise<{ results: Record<K, LoadResult>; others: number }> {
  const results = {} as Record<K, LoadResult>;
  let othersCpuMs = 0;
  let wallMs = 0;
  for (const [key, route] of Object.entries(targets) as Array<[K, string]>) {
    // Warm-up: sequential requests, so no backlog spills into the measured window.
    const warmUntil = Date.now() + WARMUP_S * 1000;
    for (let n = 0; n < 200 && Date.now() < warmUntil; n++)
      await get(base, route, options.distinctIps ? forwarded(headers) : headers);
    const busy0 = machineBusyMs();
    const self0 = process.cpuUsage();
    const t0 = Date.now();
    results[key] = await load(`${base}${route}`, headers, cookies, DURATION_S, options);
    const self = process.cpuUsage(self0);
    othersCpuMs += machineBusyMs() - busy0 - (self.user + self.system) / 1000 - results[key].cpuMs;
    wallMs += Date.now() - t0;
    const res = results[key];
    res.serverCpuUs = Math.round((self.user + self.system) / Math.max(1, res.total));
    console.log(
      `${key.padEnd(6)} ${res.rps.toFixed(0).padStart(6)} req/s  p50 ${res.p50} ms  p95 ${res.p95} ms  p99 ${res.p99} ms  (${res.total} requests, non-2xx ${res.non2xx}, errors ${res.errors}, timeouts > 30 s ${res.timeouts}; server CPU ${res.serverCpuUs} µs/request, load generator CPU ${res.cpuMs.toFixed(0)} ms)`,
    );
    // A wrong answer invalidates the numbers; slow answers are what is being measured.
    if (res.non2xx > 0) throw new Error(`${key}: ${res.non2xx} non-2xx answers`);
    // Requests still queued when autocannon stopped are drained before the next route.
    await get(base, '/api/bench/bare', headers);
  }
  return {
    results,
    others: Math.max(0, othersCpuMs) / (wallMs * os.availableParallelism()),
  };
}

let forwardedCount = 0;
/** `headers` as if from an address of its own (X-Forwarded-For), for the per-IP rate limits. */
export function forwarded(headers: Record<string, string>): Record<string, string> {
  forwardedCount += 1;
  return {
    ...headers,
    'x-forwarded-for': `10.${(forwardedCount >> 16) & 255}.${(forwardedCount >> 8) & 255}.${forwardedCount & 255}`,
  };
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
 * With `distinctIps`, every request says it comes from its own address
 * (X-Forwarded-For: the app must trust it), so per-IP rate limits stay out
 * of the way of a load that is one student's typing many times over.
 */
export function load(
  url: string,
  headers: Record<string, string>,
  cookies: string[],
  duration: number,
  { connections = CONNECTIONS, distinctIps = false } = {},
): Promise<LoadResult> {
  const script = `
    const autocannon = require('autocannon');
    const o = JSON.parse(process.env.BENCH_LOAD);
    let next = 0;
    const setupClient = (client) => client.setHeaders({ ...o.headers, cookie: o.cookies[next++ % o.cookies.length] });
    const times = [];
    const instance = autocannon({ url: o.url, connections: o.connections, duration: o.duration, headers: o.headers, setupClient, timeout: 30, idReplacement: o.idReplacement }, (error, res) => {
      if (error) { console.error(error); process.exit(1); }
      times.sort((a, b) => a - b);
      const at = (q) => times.length ? Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] * 10) / 10 : 0;
      process.stdout.write(JSON.stringify({ rps: res.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99),
        total: res.requests.total, non2xx: res.non2xx, errors: res.errors, timeouts: res.timeouts,
        cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000 }));
    });
    instance.on('response', (client, status, bytes, time) => times.push(time));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_LOAD: JSON.stringify({
          url,
          headers: distinctIps ? { ...headers, 'x-forwarded-for': '[<id>]' } : headers,
          cookies,
          duration,
          connections,
          idReplacement: distinctIps,
        }),
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
