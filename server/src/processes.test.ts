import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from './db/kysely';
import { migrateToLatest } from './db/migrate';
import { createSessionService } from './modules/auth/sessions.service';
import { buildUser } from '../test/factories';
import { freePort } from '../test/free-port';
import { testRedisUrl } from '../test/redis';

/**
 * WEB_CONCURRENCY (ADR 062): the real entry point, run as `npm start` runs it,
 * with two server processes sharing one port, joined through Redis.
 */

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const redisUrl = testRedisUrl();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-processes-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Answer {
  status: number;
  pid: string;
  body: string;
}

/** One request on a connection of its own, so that each may land on either process. */
function request(
  port: number,
  method: string,
  url: string,
  cookie?: string,
  body?: object,
): Promise<Answer> {
  const payload = body ? Buffer.from(JSON.stringify(body)) : null;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          host: `ut.localhost:${port}`,
          'x-quad-csrf': '1',
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            pid: String(res.headers['x-quad-pid'] ?? ''),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

function start(env: Record<string, string>): { server: ChildProcess; output: () => string } {
  let output = '';
  const server = spawn(process.execPath, ['--import', tsxLoader, 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      GEO_GATE: 'off',
      RATE_LIMITS: 'relaxed',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'quad.db')}`,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { server, output: () => output };
}

const exited = (server: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.exitCode !== null) resolve(server.exitCode);
    else server.once('exit', (code) => resolve(code));
  });

/** The JSON lines of the log with this message. */
const logged = (output: string, msg: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; pid: number })
    .filter((line) => line.msg === msg);

describe('WEB_CONCURRENCY', () => {
  it('refuses more than one process without Redis, saying why', async () => {
    const { server, output } = start({ WEB_CONCURRENCY: '2', REDIS_URL: '', PORT: '0' });
    expect(await exited(server)).toBe(1);
    expect(output()).toContain(
      'WEB_CONCURRENCY: 2 processes need REDIS_URL: without Redis each process would keep its own live events, caches and rate limits (set REDIS_URL, or WEB_CONCURRENCY=1)',
    );
  });

  it.skipIf(!redisUrl)(
    'serves from two processes that share live events, runs the jobs in one, and drains both on SIGTERM',
    async () => {
      const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'quad.db') });
      await migrateToLatest(db);
      const school = { verified: true, school_verified: true, campus_id: 'ut' };
      const [reader, writer] = [await buildUser(db, school), await buildUser(db, school)];
      const sessions = createSessionService(db);
      const cookieOf = async (id: string) =>
        `quad_session=${await sessions.start(id, { userAgent: 'processes test', ip: '127.0.0.1' })}`;
      const [readerCookie, writerCookie] = [await cookieOf(reader.id), await cookieOf(writer.id)];
      await db.close();

      const port = await freePort();
      const { server, output } = start({
        WEB_CONCURRENCY: '2',
        REDIS_URL: redisUrl,
        PORT: String(port),
      });
      try {
        await expect
          .poll(
            () =>
              request(port, 'GET', '/readyz').then(
                (r) => r.status,
                () => 0,
              ),
            {
              timeout: 60_000,
              interval: 200,
            },
          )
          .toBe(200);
        // Both processes listening: fresh connections are dealt to each in turn.
        await expect
          .poll(
            async () => {
              const pids = new Set<string>();
              for (let i = 0; i < 8; i++) pids.add((await request(port, 'GET', '/readyz')).pid);
              return pids.size;
            },
            { timeout: 30_000, interval: 200 },
          )
          .toBe(2);

        // One socket, on one process; posts written on each process all reach it.
        const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live`, {
          headers: { host: `ut.localhost:${port}`, cookie: readerCookie },
        });
        const heard: string[] = [];
        socket.on('message', (data) => {
          const event = JSON.parse(String(data)) as { type: string; postId?: string };
          if (event.type === 'post.created' && event.postId) heard.push(event.postId);
        });
        await new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        });
        // Its subscription settles just after the upgrade.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const written = new Map<string, string>();
        for (let i = 0; i < 6; i++) {
          const res = await request(port, 'POST', '/api/posts', writerCookie, {
            text: `Desk lamp number ${i + 1}`,
          });
          expect(res.status, res.body).toBe(201);
          written.set((JSON.parse(res.body) as { id: string }).id, res.pid);
        }
        expect(new Set(written.values()).size).toBe(2);
        await expect
          .poll(() => [...written.keys()].filter((id) => !heard.includes(id)), {
            timeout: 5000,
            interval: 50,
          })
          .toEqual([]);
        socket.close();

        // The periodic jobs run in exactly one of the two processes.
        const pids = [...new Set(written.values())].map(Number);
        const jobs = logged(output(), 'running the periodic jobs');
        expect(jobs).toHaveLength(1);
        expect(pids).toContain(jobs[0]!.pid);
        expect(output().split('Quad is running (SQLite, 2 processes) on ')).toHaveLength(2);
        // One line a request, with no query string.
        await request(port, 'GET', '/readyz?token=secret');
        await expect
          .poll(() =>
            logged(output(), 'request').some((l) => JSON.stringify(l).includes('/readyz')),
          )
          .toBe(true);
        expect(output()).not.toContain('token=secret');

        server.kill('SIGTERM');
        expect(await exited(server)).toBe(0);
        const drained = logged(output(), 'shutting down: draining requests').map((l) => l.pid);
        expect(drained.sort()).toEqual(pids.sort());
        for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        if (server.exitCode === null) server.kill('SIGKILL');
      }
    },
    120_000,
  );
});
