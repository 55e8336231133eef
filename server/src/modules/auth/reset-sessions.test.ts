import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES as M } from '@common/messages';
import type { Me } from '@common/schemas/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../platform/bus';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { createRedisBus } from '../../platform/bus/redis-bus';
import { type App, type QueryCounter, sharedDatabaseServers } from '../../../test/app';
import { addressSequence, api, loginAs, sessionCookie } from '../../../test/auth';
import type { TestDb } from '../../../test/db';
import { buildUser } from '../../../test/factories';
import { testRedisUrl } from '../../../test/redis';
import { hashPassword } from './passwords';

/**
 * A password reset ends every other session of the student (docs/security.md, A
 * session): a device that someone else signed in with, before the student
 * noticed and reset their password, is signed out at once, on every server,
 * even where the session was served from memory (ADR 005). The device that
 * reset is signed in afresh.
 */

const redisUrl = testRedisUrl();
const OLD_PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'a-brand-new-secret';

const queries: QueryCounter = { count: 0 };
const servers = sharedDatabaseServers(queries);
// Sessions are kept in memory for a minute: only the reset can explain an ended one.
const server = (bus: EventBus) => servers.server(bus, { SESSION_CACHE_MS: '60000' });
const nextIp = addressSequence();
let db: TestDb;
let passwordHash: string;
beforeAll(async () => {
  db = servers.db;
  passwordHash = await hashPassword(OLD_PASSWORD, 10);
});

const student = () =>
  buildUser(db, {
    email: `student-${randomUUID().slice(0, 12)}@example.com`,
    password_hash: passwordHash,
    verified: true,
  });

const me = async (app: App, cookie: string) =>
  (await api(app, { method: 'GET', url: '/api/me', cookie })).json<Me>().viewer;

const post = (app: App, url: string, payload: object, cookie?: string) =>
  api(app, {
    method: 'POST',
    url,
    payload,
    remoteAddress: nextIp(),
    ...(cookie ? { cookie } : {}),
  });

/** Signs in with the password, as a student does on a device of theirs. */
async function signIn(app: App, email: string): Promise<string> {
  return sessionCookie(await post(app, '/api/auth/login', { email, password: OLD_PASSWORD }));
}

/** Asks for a reset link on `app` and follows it, with the device's cookie if it has one. */
async function resetPassword(app: App, email: string, cookie?: string) {
  expect((await post(app, '/api/auth/password/forgot', { email })).statusCode).toBe(200);
  const mail = await db.kysely
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token');
  const response = await post(
    app,
    '/api/auth/password/reset',
    { token, password: NEW_PASSWORD },
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

const sessionsOf = async (userId: string) =>
  (await db.kysely.selectFrom('sessions').select('id').where('user_id', '=', userId).execute())
    .length;

describe('on one server', () => {
  let app: App;
  beforeAll(async () => {
    app = await server(createMemoryBus());
  });

  it('signs every other device out, and the resetting one in afresh', async () => {
    const user = await student();
    const phone = await signIn(app, user.email);
    const tablet = await loginAs(app, user);
    const classmate = await student();
    const someoneElse = await loginAs(app, classmate);
    // Both devices are signed in, and now served from memory.
    expect((await me(app, phone))?.id).toBe(user.id);
    expect((await me(app, tablet))?.id).toBe(user.id);

    const laptop = await resetPassword(app, user.email);

    // A guest's /api/me is 200 with no viewer; what needs a student answers 401.
    expect(await me(app, phone)).toBeNull();
    expect(await me(app, tablet)).toBeNull();
    const refused = await post(app, '/api/verification/code', {}, phone);
    expect(refused.statusCode, refused.body).toBe(401);
    expect((await me(app, laptop))?.id).toBe(user.id);
    expect(await sessionsOf(user.id)).toBe(1);
    // Another student is not touched.
    expect((await me(app, someoneElse))?.id).toBe(classmate.id);

    // The old password is gone with the old sessions.
    const old = await post(app, '/api/auth/login', {
      email: user.email,
      password: OLD_PASSWORD,
    });
    expect(old.json().error.message).toBe(M.wrongPassword);
  });

  it('replaces the session of the device that resets with a new one', async () => {
    const user = await student();
    const laptop = await signIn(app, user.email);
    expect((await me(app, laptop))?.id).toBe(user.id);

    const renewed = await resetPassword(app, user.email, laptop);

    expect(renewed).not.toBe(laptop);
    expect(await me(app, laptop)).toBeNull();
    expect((await me(app, renewed))?.id).toBe(user.id);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('can keep one session: endAllFor(user, { except }) for a change made while signed in', async () => {
    const user = await student();
    const current = await loginAs(app, user);
    const other = await loginAs(app, user);
    expect((await me(app, other))?.id).toBe(user.id);

    await app.services.sessions.endAllFor(user.id, {
      except: current.slice('quad_session='.length),
    });

    expect(await me(app, other)).toBeNull();
    expect((await me(app, current))?.id).toBe(user.id);
    expect(await sessionsOf(user.id)).toBe(1);
  });
});

describe.runIf(redisUrl)('across two servers through Redis', () => {
  it('a reset on one server signs the student out on the other, where the session was cached', async () => {
    const [busA, busB] = [createRedisBus(redisUrl), createRedisBus(redisUrl)];
    const a = await server(busA);
    const b = await server(busB);
    const user = await student();
    const phone = await signIn(b, user.email);
    expect((await me(b, phone))?.id).toBe(user.id);
    expect((await me(a, phone))?.id).toBe(user.id);

    const laptop = await resetPassword(a, user.email);

    expect(await me(a, phone)).toBeNull();
    await expect.poll(() => me(b, phone), { timeout: 3000, interval: 20 }).toBeNull();
    expect((await post(b, '/api/verification/code', {}, phone)).statusCode).toBe(401);
    expect((await me(b, laptop))?.id).toBe(user.id);
    await busA.close();
    await busB.close();
  });

  it('endAllFor on one server ends the sessions the other had cached, but the one it keeps', async () => {
    const [busA, busB] = [createRedisBus(redisUrl), createRedisBus(redisUrl)];
    const a = await server(busA);
    const b = await server(busB);
    const user = await student();
    const current = await loginAs(a, user);
    const other = await loginAs(a, user);
    expect((await me(b, other))?.id).toBe(user.id);
    expect((await me(b, current))?.id).toBe(user.id);

    await a.services.sessions.endAllFor(user.id, { except: current.slice('quad_session='.length) });

    await expect.poll(() => me(b, other), { timeout: 3000, interval: 20 }).toBeNull();
    expect((await me(b, current))?.id).toBe(user.id);
    await busA.close();
    await busB.close();
  });
});
