import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import { createTestDb } from '../../../test/db';
import { buildUser } from '../../../test/factories';
import { startOutageProxy } from '../../../test/outage-proxy';
import { openDatabase } from '../../db/kysely';

/**
 * PostgreSQL restarts under load (ADR 021): the app sits behind a proxy that
 * resets its connections and refuses new ones for a while, as a restart does.
 * Requests meanwhile fail fast with 503, nobody is signed out, /readyz says
 * the database is down, and once it is back the same app answers again.
 */

interface Outcome {
  status: number;
  ms: number;
  response: LightMyRequestResponse;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Rate limits are per address (and shared through Redis with the other test
// files): each request of the stream comes from an address of its own.
const nextIp = addressSequence('198.61');

describe('a PostgreSQL restart', () => {
  it('fails requests with 503 while it lasts and is forgotten once it is over', async () => {
    const db = await createTestDb();
    const proxy = await startOutageProxy(db.url);
    const through = { ...openDatabase({ kind: 'postgres', url: proxy.url }), url: proxy.url };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-test-'));
    const app = await buildTestApp(through, dataDir);
    try {
      const students = await Promise.all(
        [1, 2, 3].map(async () => {
          const user = await buildUser(db, {
            verified: true,
            school_verified: true,
            campus_id: 'ou',
          });
          return loginAs(app, user);
        }),
      );
      let n = 0;
      /** One request of the steady stream: mostly feed reads, every third a new post. */
      const request = async (): Promise<Outcome> => {
        const cookie = students[n % students.length]!;
        const write = n++ % 3 === 0;
        const started = Date.now();
        const response = await api(
          app,
          write
            ? {
                method: 'POST',
                url: '/api/posts',
                cookie,
                payload: { text: `Lamp ${n}` },
                remoteAddress: nextIp(),
              }
            : { method: 'GET', url: '/api/feed', cookie, remoteAddress: nextIp() },
        );
        return { status: response.statusCode, ms: Date.now() - started, response };
      };
      /** Four students at a time, each sending its next request as the last one returns. */
      const streamFor = async (ms: number): Promise<Outcome[]> => {
        const until = Date.now() + ms;
        const outcomes: Outcome[] = [];
        await Promise.all(
          [1, 2, 3, 4].map(async () => {
            while (Date.now() < until) outcomes.push(await request());
          }),
        );
        return outcomes;
      };

      const before = await streamFor(500);
      expect(before.map((o) => o.status).filter((s) => s >= 300)).toEqual([]);

      // The restart begins while requests are in flight.
      const during = streamFor(3000);
      await sleep(200);
      await proxy.down();
      const readyDown = await app.inject({ url: '/readyz' });
      expect(readyDown.statusCode).toBe(503);
      expect(readyDown.json()).toEqual({ status: 'unavailable', database: false });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const outage = await during;

      const failed = outage.filter((o) => o.status >= 300);
      expect(failed.length).toBeGreaterThan(0);
      for (const { status, ms, response } of outage) {
        expect(ms).toBeLessThan(5000);
        if (status < 300) continue;
        expect(status).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'Quad is unavailable for a moment. Please try again shortly.',
          },
        });
        // An unreachable database is not a signed-out student.
        expect(response.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
      }

      await proxy.up();
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: true });
      const after = await streamFor(500);
      expect(after.length).toBeGreaterThan(0);
      expect(after.map((o) => o.status).filter((s) => s >= 300)).toEqual([]);
    } finally {
      await app.close();
      await through.close();
      await proxy.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
