import { randomUUID } from 'node:crypto';
import type { Me } from '@common/schemas/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import type { App } from '../../../test/app';
import { addressSequence, api, loginAs, sessionCookie } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { serversBehindRedisProxy } from '../../../test/outage-proxy';
import { testRedisUrl } from '../../../test/redis';

/**
 * Redis restarts (ADR 021): the servers reach it through a proxy that resets
 * their connections and refuses new ones for a while, as a restart does.
 * Requests go on without it (the rate limits lapse, the bus's messages are
 * lost), /readyz says Redis is down, and once it is back what the lost
 * messages would have changed is read afresh.
 */

const redisUrl = testRedisUrl();
const PASSWORD = 'correct-horse-battery';
const nextIp = addressSequence('198.62');
const cluster = serversBehindRedisProxy(redisUrl);
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, 10);
});

/** A server whose bus and rate limits use Redis through the proxy, sessions kept a minute. */
const server = () => cluster.server({ REDIS_URL: cluster.proxy.url, SESSION_CACHE_MS: '60000' });

const student = () =>
  buildUser(cluster.db, {
    email: `student-${randomUUID().slice(0, 12)}@example.com`,
    password_hash: passwordHash,
    verified: true,
    school_verified: true,
    campus_id: 'ou',
  });

const me = async (app: App, cookie: string) => {
  const response = await api(app, { url: '/api/me', cookie });
  expect(response.statusCode).toBe(200);
  return response.json<Me>().viewer;
};

/** Asks until `check` holds, for at most `ms` (Redis is tried again at least every 1.1 s). */
async function eventually(what: string, check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: still not so after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ready = async (app: App) => (await app.inject({ url: '/readyz' })).statusCode === 200;

describe.skipIf(!redisUrl)('a Redis restart', () => {
  it('shows on /readyz while requests go on, and is forgotten once it is over', async () => {
    const app = await server();
    const user = await student();
    const cookie = await loginAs(app, user);
    await eventually('ready before the restart', () => ready(app));
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: true,
      redis: true,
    });

    await cluster.proxy.down();
    try {
      const started = Date.now();
      const down = await app.inject({ url: '/readyz' });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: true, redis: false });

      // Reads, writes (whose bus messages are lost) and rate-limited sign-ins all answer.
      expect((await api(app, { url: '/api/feed', cookie })).statusCode).toBe(200);
      const posted = await api(app, {
        method: 'POST',
        url: '/api/posts',
        cookie,
        remoteAddress: nextIp(),
        payload: { text: 'Desk lamp' },
      });
      expect(posted.statusCode).toBe(201);
      const signIn = await api(app, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextIp(),
        payload: { email: user.email, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      expect((await me(app, sessionCookie(signIn)))?.id).toBe(user.id);
    } finally {
      await cluster.proxy.up();
    }

    await eventually('ready once Redis is back', () => ready(app));
    expect((await api(app, { url: '/api/feed', cookie })).statusCode).toBe(200);
  });

  it('signs nobody out wrongly, and a sign-out it hid shows on every server once it is over', async () => {
    const [a, b] = [await server(), await server()];
    const user = await student();
    const cookie = await loginAs(a, user);
    await eventually('both ready', async () => (await ready(a)) && (await ready(b)));
    // Server b now holds the session in memory for a minute.
    expect((await me(b, cookie))?.id).toBe(user.id);

    await cluster.proxy.down();
    try {
      expect((await me(b, cookie))?.id).toBe(user.id);
      const out = await api(a, { method: 'POST', url: '/api/auth/logout', cookie });
      expect(out.statusCode).toBeLessThan(300);
      // The message that would tell b is lost with Redis; a knows at once.
      expect(await me(a, cookie)).toBeNull();
    } finally {
      await cluster.proxy.up();
    }

    // Back from the gap, b reads the session afresh instead of serving it for the rest of the minute.
    await eventually('b sees the sign-out', async () => (await me(b, cookie)) === null);
  });
});
