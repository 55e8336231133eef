import type { Me } from '@common/schemas/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { createRedisBus } from '../../platform/bus/redis-bus';
import { type App, type QueryCounter, sharedDatabaseServers } from '../../../test/app';
import { api, loginAs } from '../../../test/auth';
import type { TestDb } from '../../../test/db';
import { buildPost, buildUser } from '../../../test/factories';
import { createSessionCache, type FoundSession } from './sessions.cache';
import { testRedisUrl } from '../../../test/redis';

/**
 * Sessions served from memory (ADR 005): no database round trip for a
 * signed-in request, and yet a sign-out or a change to the student shows on
 * their very next request, on this server and, through the bus, on another.
 */

const redisUrl = testRedisUrl();

const queries: QueryCounter = { count: 0 };
const servers = sharedDatabaseServers(queries);
const server = (bus: EventBus, cacheMs = '60000') =>
  servers.server(bus, { SESSION_CACHE_MS: cacheMs });
let db: TestDb;
beforeAll(() => {
  db = servers.db;
});

const me = async (app: App, cookie: string) =>
  (await api(app, { method: 'GET', url: '/api/me', cookie })).json<Me>().viewer;

describe('on one server', () => {
  let app: App;
  beforeAll(async () => {
    app = await server(createMemoryBus());
  });

  it('reads a session once, then serves the signed-in student without a query', async () => {
    const user = await buildUser(db, { verified: true });
    const cookie = await loginAs(app, user);
    queries.count = 0;
    expect((await me(app, cookie))?.id).toBe(user.id);
    expect(queries.count).toBe(1);
    queries.count = 0;
    expect((await me(app, cookie))?.id).toBe(user.id);
    expect(queries.count).toBe(0);
  });

  it('shows what a student’s own request changed on their next request', async () => {
    const user = await buildUser(db, { verified: false });
    const cookie = await loginAs(app, user);
    expect((await me(app, cookie))?.verified).toBe(false);
    // Changed behind the app's back: the cached student stands…
    await db.kysely
      .updateTable('users')
      .set({ verified: true })
      .where('id', '=', user.id)
      .execute();
    expect((await me(app, cookie))?.verified).toBe(false);
    // …until any state-changing request of theirs, whatever its answer.
    const refused = await api(app, {
      method: 'POST',
      url: '/api/verification/verify',
      payload: { code: '0000' },
      cookie,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await me(app, cookie))?.verified).toBe(true);
  });

  it('keeps the student cached across a save, which never changes their own row (ADR 032)', async () => {
    const user = await buildUser(db, { verified: true, school_verified: true });
    const author = await buildUser(db, { verified: true });
    const post = await buildPost(db, author);
    const cookie = await loginAs(app, user);
    await me(app, cookie);
    const saved = await api(app, { method: 'PUT', url: `/api/posts/${post.id}/like`, cookie });
    expect(saved.statusCode).toBe(200);
    queries.count = 0;
    expect((await me(app, cookie))?.id).toBe(user.id);
    expect(queries.count).toBe(0);
    // A request that may change them still has them read afresh.
    await api(app, {
      method: 'POST',
      url: '/api/verification/verify',
      payload: { code: '0000' },
      cookie,
    });
    queries.count = 0;
    await me(app, cookie);
    expect(queries.count).toBe(1);
  });

  it('ends a cached session at once on sign-out', async () => {
    const user = await buildUser(db, { verified: true });
    const cookie = await loginAs(app, user);
    expect((await me(app, cookie))?.id).toBe(user.id);
    await api(app, { method: 'POST', url: '/api/auth/logout', payload: {}, cookie });
    expect(await me(app, cookie)).toBeNull();
  });

  it('reads every request from the database with SESSION_CACHE_MS=0', async () => {
    const off = await server(createMemoryBus(), '0');
    const user = await buildUser(db, { first_name: 'Ana' });
    const cookie = await loginAs(off, user);
    expect((await me(off, cookie))?.firstName).toBe('Ana');
    await db.kysely
      .updateTable('users')
      .set({ first_name: 'Bea' })
      .where('id', '=', user.id)
      .execute();
    expect((await me(off, cookie))?.firstName).toBe('Bea');
  });
});

describe('a unit', () => {
  const session = (user: Partial<UserRow> & { id: string }, sessionId = 's1'): FoundSession => ({
    sessionId,
    expiresAt: Number.MAX_SAFE_INTEGER,
    lastSeenAt: 0,
    user: user as UserRow,
  });

  it('expires entries, forgets a session or all of a user’s, and keeps no load a change of its session or user overlapped', async () => {
    let clock = 0;
    const cache = await createSessionCache({
      bus: createMemoryBus(),
      ttlMs: 100,
      now: () => clock,
    });
    let loads = 0;
    const load =
      (sessionId: string, userId = 'u1') =>
      async () => {
        loads++;
        return session({ id: userId }, sessionId);
      };

    await cache.read('s1', load('s1'));
    await cache.read('s1', load('s1'));
    expect(loads).toBe(1);
    clock = 100;
    await cache.read('s1', load('s1'));
    expect(loads).toBe(2);

    // Two sessions of one user and one of another.
    await cache.read('s2', load('s2'));
    await cache.read('s3', load('s3', 'u2'));
    expect(loads).toBe(4);
    cache.userChanged('u1');
    await cache.read('s1', load('s1'));
    await cache.read('s2', load('s2'));
    await cache.read('s3', load('s3', 'u2'));
    expect(loads).toBe(6);
    cache.sessionChanged('s1');
    await cache.read('s1', load('s1'));
    await cache.read('s2', load('s2'));
    expect(loads).toBe(7);

    /** Reads a session whose load waits, runs `meanwhile`, then lets the load finish. */
    const readDuring = async (sessionId: string, userId: string, meanwhile: () => void) => {
      let finish: () => void = () => undefined;
      const read = cache.read(sessionId, async () => {
        await new Promise<void>((resolve) => (finish = resolve));
        return load(sessionId, userId)();
      });
      meanwhile();
      finish();
      return read;
    };

    // A change during a load: that load's answer is used once, not kept.
    const slow = await readDuring('s4', 'u3', () => cache.userChanged('u3'));
    expect(slow?.user.id).toBe('u3');
    await cache.read('s4', load('s4', 'u3'));
    expect(loads).toBe(9);

    // Changes of other students or sessions during a load leave it kept.
    await readDuring('s6', 'u4', () => (cache.userChanged('u2'), cache.sessionChanged('s1')));
    await cache.read('s6', load('s6', 'u4'));
    expect(loads).toBe(10);

    // A change of its own session during the load: not kept.
    await readDuring('s7', 'u4', () => cache.sessionChanged('s7'));
    await cache.read('s7', load('s7', 'u4'));
    expect(loads).toBe(12);

    // An unknown session is not remembered: it may be created a moment later.
    await cache.read('s5', async () => (loads++, undefined));
    await cache.read('s5', async () => (loads++, undefined));
    expect(loads).toBe(14);
    await cache.close();
  });

  it('keeps no load that the bus’s return from an outage overlapped, and empties itself', async () => {
    let gap = () => undefined as void;
    const bus: EventBus = {
      ...createMemoryBus(),
      onGap: (listener) => ((gap = listener), () => undefined),
    };
    const cache = await createSessionCache({ bus, ttlMs: 60_000 });
    let loads = 0;
    const load = (id: string) => async () => (loads++, session({ id: 'u' }, id));
    await cache.read('kept', load('kept'));
    let finish: () => void = () => undefined;
    const slow = cache.read('s', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return load('s')();
    });
    gap();
    finish();
    await slow;
    await cache.read('s', load('s'));
    await cache.read('kept', load('kept'));
    expect(loads).toBe(4);
    await cache.close();
  });

  it('keeps at most maxEntries sessions, the oldest going first', async () => {
    const cache = await createSessionCache({
      bus: createMemoryBus(),
      ttlMs: 60_000,
      maxEntries: 2,
    });
    let loads = 0;
    const read = (id: string) => cache.read(id, async () => (loads++, session({ id: 'u' }, id)));
    await read('a');
    await read('b');
    await read('c');
    expect(loads).toBe(3);
    await read('c');
    await read('b');
    expect(loads).toBe(3);
    await read('a');
    expect(loads).toBe(4);
    await cache.close();
  });
});

describe.runIf(redisUrl)('across two servers through Redis', () => {
  it('a sign-out or a change on one server shows on the other', async () => {
    const [busA, busB] = [createRedisBus(redisUrl), createRedisBus(redisUrl)];
    const a = await server(busA);
    const b = await server(busB);
    const user = await buildUser(db, { verified: false });
    const cookie = await loginAs(a, user);
    const other = await loginAs(a, user);
    expect((await me(b, cookie))?.verified).toBe(false);
    expect((await me(b, other))?.id).toBe(user.id);

    // A state-changing request on A: B reads the student afresh.
    await db.kysely
      .updateTable('users')
      .set({ verified: true })
      .where('id', '=', user.id)
      .execute();
    await api(a, { method: 'POST', url: '/api/verification/code', payload: {}, cookie });
    await expect
      .poll(async () => (await me(b, cookie))?.verified, { timeout: 3000, interval: 20 })
      .toBe(true);

    // Signing out on A ends the session on B too; the other session stays.
    await api(a, { method: 'POST', url: '/api/auth/logout', payload: {}, cookie });
    await expect.poll(async () => await me(b, cookie), { timeout: 3000, interval: 20 }).toBeNull();
    expect((await me(b, other))?.id).toBe(user.id);
    await busA.close();
    await busB.close();
  });
});
