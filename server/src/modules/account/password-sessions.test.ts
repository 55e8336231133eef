import { randomUUID } from 'node:crypto';
import type { Me } from '@common/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../platform/bus';
import { createRedisBus } from '../../platform/bus/redis-bus';
import { type App, type QueryCounter, sharedDatabaseServers } from '../../../test/app';
import { addressSequence, api, loginAs, sessionCookie } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { testRedisUrl } from '../../../test/redis';
import { hashPassword } from '../auth/passwords';

/**
 * A password change made while signed in (ADR 011) ends every other session of
 * the student on every server, even one that another server serves from its
 * session cache (ADR 005); the device that made the change stays signed in.
 */

const redisUrl = testRedisUrl();
const OLD_PASSWORD = 'old-password-1';
const NEW_PASSWORD = 'brand-new-pass-2';

const queries: QueryCounter = { count: 0 };
const servers = sharedDatabaseServers(queries);
const nextIp = addressSequence('198.43');

const me = async (app: App, cookie: string) =>
  (await api(app, { method: 'GET', url: '/api/me', cookie })).json<Me>().viewer;

describe.runIf(redisUrl)('a password change across two servers through Redis', () => {
  let a: App;
  let b: App;
  const buses: EventBus[] = [];
  beforeAll(async () => {
    buses.push(createRedisBus(redisUrl), createRedisBus(redisUrl));
    // Sessions are kept in memory for a minute: only the change can explain an ended one.
    const env = { SESSION_CACHE_MS: '60000' };
    a = await servers.server(buses[0]!, env);
    b = await servers.server(buses[1]!, env);
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('refuses on server B, at once, the session signed in on B when the password changes on A', async () => {
    const user = await buildUser(servers.db, {
      email: `student-${randomUUID().slice(0, 12)}@example.com`,
      password_hash: await hashPassword(OLD_PASSWORD, 10),
      verified: true,
      school_verified: true,
      campus_id: 'ou',
    });
    const laptop = await loginAs(a, user);
    const signedInOnB = await api(b, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: OLD_PASSWORD },
      remoteAddress: nextIp(),
    });
    const phone = sessionCookie(signedInOnB);
    // Served by B, and now in B's session cache.
    expect((await me(b, phone))?.id).toBe(user.id);
    expect((await me(b, phone))?.id).toBe(user.id);

    const changed = await api(a, {
      method: 'PUT',
      url: '/api/me/password',
      cookie: laptop,
      remoteAddress: nextIp(),
      payload: { currentPassword: OLD_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The drop travels through Redis: B forgets its cached session within moments.
    await expect.poll(() => me(b, phone), { timeout: 3000, interval: 20 }).toBeNull();
    const refused = await api(b, {
      method: 'POST',
      url: '/api/verification/code',
      cookie: phone,
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(refused.statusCode, refused.body).toBe(401);
    expect(await me(a, phone)).toBeNull();
    // The device that changed it is still signed in, on both servers.
    expect((await me(a, laptop))?.id).toBe(user.id);
    expect((await me(b, laptop))?.id).toBe(user.id);
  });
});
