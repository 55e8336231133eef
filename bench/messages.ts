/**
 * Messages under load (ADR 008): how long a message takes from its POST to the
 * other participant's socket, on one server and on two servers joined by Redis,
 * at a steady rate; and the server memory that 5,000 idle signed-in sockets
 * take.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import WebSocket from 'ws';
import { type Db, openDatabase } from '../server/src/db/kysely';
import { migrateToLatest } from '../server/src/db/migrate';
import { createSessionService } from '../server/src/modules/auth/sessions.service';
import { userRow } from '../server/src/modules/users/users.rows';
import type { EventBus } from '../server/src/platform/bus';
import { createRedisBus } from '../server/src/platform/bus/redis-bus';
import { createDiskStore } from '../server/src/platform/storage/disk-store';
import { serve, type Target } from './database';
import { CAMPUS, root } from './settings';

export const MESSAGE_RATE = 250;
export const MESSAGE_SECONDS = 8;
export const PAIRS = 50;
export const IDLE_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);

export interface DeliveryResult {
  servers: 1 | 2;
  sent: number;
  delivered: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
}

export interface SocketsResult {
  sockets: number;
  failed: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  heapBeforeMb: number;
  heapAfterMb: number;
}

export interface MessagesReport {
  delivery: DeliveryResult[];
  sockets: SocketsResult;
  redis: string;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** School-verified students of the campus with a session each; returns their ids and cookies. */
async function students(db: Db, n: number, tag: string) {
  const at = Date.now();
  const ids = Array.from({ length: n }, () => uuidv7());
  for (let i = 0; i < n; i += 500)
    await db.kysely
      .insertInto('users')
      .values(
        ids.slice(i, i + 500).map((id, j) =>
          userRow({
            id,
            campus_id: CAMPUS,
            email: `${tag}-${i + j}@bench.test`,
            username: `${tag}-${i + j}`,
            first_name: 'Bench',
            last_name: 'Student',
            verified: true,
            school_verified: true,
            created_at: at,
            updated_at: at,
          }),
        ),
      )
      .execute();
  const sessions = createSessionService(db);
  const cookies: string[] = [];
  for (const id of ids)
    cookies.push(`quad_session=${await sessions.start(id, { userAgent: 'bench', ip: null })}`);
  return { ids, cookies };
}

let nextAddress = 0;
/** A POST from its own loopback address, so the per-IP message limit is not what is measured. */
function post(base: string, p: string, cookie: string, body: unknown): Promise<number> {
  return request(base, p, cookie, body).then((r) => r.status);
}

function request(
  base: string,
  p: string,
  cookie: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const n = nextAddress++;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${p}`,
      {
        method: 'POST',
        localAddress: `127.${1 + (n >> 16)}.${(n >> 8) & 255}.${n & 255 || 1}`,
        headers: {
          host: `${CAMPUS}.localhost`,
          cookie,
          'content-type': 'application/json',
          'x-quad-csrf': '1',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** One chat per pair, started by the sender. */
async function startChats(
  base: string,
  senders: { cookies: string[] },
  receivers: { ids: string[] },
): Promise<string[]> {
  const chats: string[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const res = await request(base, '/api/chats', senders.cookies[i]!, {
      userId: receivers.ids[i],
    });
    chats.push((JSON.parse(res.body) as { chat: { id: string } }).chat.id);
  }
  return chats;
}

function openSocket(base: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
      headers: { cookie, host: `${CAMPUS}.localhost` },
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN;

/** Senders post to `sendTo`, receivers listen on `listenTo`; latency from POST to the socket. */
async function delivery(
  target: Target,
  buses: [EventBus, EventBus] | null,
): Promise<DeliveryResult> {
  const a = await serve(target, {}, buses?.[0]);
  const b = buses ? await serve(target, {}, buses[1]) : a;
  try {
    const senders = await students(target.db, PAIRS, `s${buses ? 2 : 1}`);
    const receivers = await students(target.db, PAIRS, `r${buses ? 2 : 1}`);
    const chats = await startChats(a.base, senders, receivers);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const sockets = await Promise.all(receivers.cookies.map((c) => openSocket(b.base, c)));
    for (const ws of sockets)
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; message?: { text: string } };
        const t0 = event.type === 'message.created' ? sentAt.get(event.message!.text) : undefined;
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    let sent = 0;
    const started = performance.now();
    const pending: Promise<number>[] = [];
    // A steady rate: every 20 ms, the messages due by then.
    while (performance.now() - started < MESSAGE_SECONDS * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * MESSAGE_RATE);
      for (; sent < due; sent++) {
        const text = `m${sent}`;
        sentAt.set(text, performance.now());
        const i = sent % PAIRS;
        pending.push(
          post(a.base, `/api/chats/${chats[i]}/messages`, senders.cookies[i]!, { text }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const statuses = await Promise.all(pending);
    const elapsed = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const ws of sockets) ws.terminate();
    const sorted = [...latencies].sort((x, y) => x - y);
    const result: DeliveryResult = {
      servers: buses ? 2 : 1,
      sent: statuses.filter((s) => s === 201).length,
      delivered: latencies.length,
      rate: sent / elapsed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? NaN,
    };
    console.log(
      `delivery, ${result.servers} server(s): ${result.sent}/${sent} sent at ${result.rate.toFixed(0)}/s, ${result.delivered} delivered, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
    );
    return result;
  } finally {
    await a.app.close();
    if (b !== a) await b.app.close();
  }
}

/** The server's memory before and after 5,000 idle signed-in sockets, held by another process. */
async function idleSockets(target: Target, dir: string): Promise<SocketsResult> {
  const { cookies } = await students(target.db, IDLE_SOCKETS, 'idle');
  const cookieFile = path.join(dir, 'cookies.json');
  fs.writeFileSync(cookieFile, JSON.stringify(cookies));
  const server = await serve(target, {});
  try {
    const settle = async () => {
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return process.memoryUsage();
    };
    const before = await settle();
    const child = fork(path.join(root, 'bench/sockets-client.mjs'), [
      `${server.base.replace('http', 'ws')}/api/live`,
      cookieFile,
      `${CAMPUS}.localhost`,
    ]);
    const opened = await new Promise<{ open: number; failed: number }>((resolve) =>
      child.once('message', (m) => resolve(m as { open: number; failed: number })),
    );
    const after = await settle();
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    const result: SocketsResult = {
      sockets: opened.open,
      failed: opened.failed,
      rssBeforeMb: mb(before.rss),
      rssAfterMb: mb(after.rss),
      heapBeforeMb: mb(before.heapUsed),
      heapAfterMb: mb(after.heapUsed),
    };
    console.log(
      `idle sockets: ${result.sockets} open (${result.failed} failed); server RSS ${result.rssBeforeMb.toFixed(0)} → ${result.rssAfterMb.toFixed(0)} MB, heap ${result.heapBeforeMb.toFixed(0)} → ${result.heapAfterMb.toFixed(0)} MB`,
    );
    return result;
  } finally {
    await server.app.close();
  }
}

/** The messages part of the bench, on SQLite; two servers only when Redis answers. */
export async function benchMessages(dir: string): Promise<MessagesReport> {
  console.log('\n== Messages ==');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'messages.db');
  const db = openDatabase({ kind: 'sqlite', file });
  const target: Target = {
    kind: 'sqlite',
    target: file,
    dataDir: dir,
    db,
    storage: createDiskStore(path.join(dir, 'media')),
  };
  try {
    await migrateToLatest(db);
    const delivery1 = await delivery(target, null);
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const buses: [EventBus, EventBus] = [createRedisBus(redisUrl), createRedisBus(redisUrl)];
    let delivery2: DeliveryResult | undefined;
    let redis = `Redis at ${redisUrl}`;
    try {
      await buses[0].publish('bench:ping', { type: 'ping' });
      delivery2 = await delivery(target, buses);
    } catch (error) {
      redis = `no Redis answered at ${redisUrl} (${(error as Error).message}): two servers not measured`;
    } finally {
      await Promise.all(buses.map((bus) => bus.close().catch(() => undefined)));
    }
    const sockets = await idleSockets(target, dir);
    return { delivery: delivery2 ? [delivery1, delivery2] : [delivery1], sockets, redis };
  } finally {
    await db.close();
  }
}
