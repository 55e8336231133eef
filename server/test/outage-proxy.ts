import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../src/config';
import type { EventBus } from '../src/platform/bus';
import { createRedisBus } from '../src/platform/bus/redis-bus';
import { type App, buildTestApp } from './app';
import { createTestDb, type TestDb } from './db';

/**
 * A TCP proxy between the app and a real service (PostgreSQL, Redis) that a
 * test can take down and bring back: what a restart of the service looks like
 * to the app (its connections reset, new ones refused, then accepted again),
 * without touching the service that other tests share.
 */
export interface OutageProxy {
  /** `target` with its host and port replaced by the proxy's. */
  url: string;
  /** Resets every proxied connection and refuses new ones. */
  down(): Promise<void>;
  /** Accepts connections again. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startOutageProxy(target: string): Promise<OutageProxy> {
  const to = new URL(target);
  const targetPort = Number(to.port || (to.protocol.startsWith('redis') ? 6379 : 5432));
  const sockets = new Set<net.Socket>();

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset peer is the point of the exercise, not a failure of the test.
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect(targetPort, to.hostname);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  let listening = true;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    async down() {
      // Nothing listens on the port while it is down: a new connection is refused.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      listening = false;
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
    async up() {
      await listen(port);
      listening = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Servers sharing one database and a Redis they reach through an outage
 * proxy, closed after the test file in the order a cluster shuts down: the
 * servers, their buses, then Redis. Call at the top of a test file, with the
 * Redis the tests may use; `proxy.down()` then restarts Redis for all of them.
 */
export function serversBehindRedisProxy(redisUrl: string) {
  const apps: App[] = [];
  const buses: EventBus[] = [];
  let db: TestDb | undefined;
  let proxy: OutageProxy | undefined;
  let dataDir = '';
  beforeAll(async () => {
    if (!redisUrl) return;
    db = await createTestDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-test-'));
    proxy = await startOutageProxy(redisUrl);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await Promise.all(buses.map((bus) => bus.close()));
    await proxy?.close();
    await db?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get db(): TestDb {
      if (!db) throw new Error('the shared database opens before the first test');
      return db;
    },
    get proxy(): OutageProxy {
      if (!proxy) throw new Error('the proxy opens before the first test');
      return proxy;
    },
    /** A server whose bus, and rate limits when `env.REDIS_URL` says so, use Redis through the proxy. */
    async server(env: Partial<Env> = {}): Promise<App> {
      const bus = createRedisBus(this.proxy.url);
      buses.push(bus);
      const app = await buildTestApp(this.db, dataDir, { bus, env });
      apps.push(app);
      return app;
    },
  };
}
