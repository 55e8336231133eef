import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { EventBus } from '../../platform/bus';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { createRedisBus } from '../../platform/bus/redis-bus';
import { type App, type QueryCounter, sharedDatabaseServers } from '../../../test/app';
import { addressSequence, api, loginAs, sessionCookie } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { testRedisUrl } from '../../../test/redis';
import { hashPassword } from '../auth/passwords';
import { RESYNC, SIGNED_OUT } from './live.routes';

/**
 * A live socket never outlives the session it was opened with
 * (docs/security.md): whatever ends the session on one server (sign-out, a
 * password change or reset, a ban, a suspension, deletion) closes its socket
 * on the other within a second, for good (4401); a campus change closes the
 * student's sockets with "try again" (4503), and reopened they are refused
 * where the student may no longer read (4403). The servers share the
 * database and, where the machine has it, Redis; else one in-process bus.
 */

const redisUrl = testRedisUrl();
const MODERATOR = 'mod@utexas.edu';
const PASSWORD = 'correct-horse-battery';
const servers = sharedDatabaseServers({ count: 0 } satisfies QueryCounter);
const nextIp = addressSequence('198.71');
const buses: EventBus[] = [];
const shared = createMemoryBus();
const bus = () => {
  if (!redisUrl) return shared;
  const made = createRedisBus(redisUrl);
  buses.push(made);
  return made;
};
// Sessions are kept in memory for a minute (ADR 005): only the end of the session can explain a close.
const env = { SESSION_CACHE_MS: '60000', MODERATORS: `ut:${MODERATOR}` };

let a: App;
let b: App;
let passwordHash: string;
beforeAll(async () => {
  a = await servers.server(bus(), env);
  b = await servers.server(bus(), env);
  passwordHash = await hashPassword(PASSWORD, 10);
});
afterAll(async () => {
  for (const made of buses) await made.close();
});

const student = (overrides: Record<string, unknown> = {}) =>
  buildUser(servers.db, {
    verified: true,
    school_verified: true,
    campus_id: 'ut',
    email: `s-${randomUUID().slice(0, 12)}@example.com`,
    password_hash: passwordHash,
    ...overrides,
  });

const call = (
  app: App,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload = {},
) => api(app, { method, url, cookie, campus: 'ut', payload, remoteAddress: nextIp() });

interface Socket {
  ws: WebSocket;
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** The types of the events it heard. */
  heard: string[];
}

async function open(app: App, cookie: string, campus = 'ut'): Promise<Socket> {
  const ws = await app.injectWS('/api/live', {
    headers: { cookie, host: `${campus}.localhost:3000` },
  });
  const heard: string[] = [];
  ws.on('message', (data) => heard.push((JSON.parse(String(data)) as { type: string }).type));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  // Its subscriptions are live once it hears its own campus: a post of a classmate reaches it.
  const classmate = await loginAs(app, await student());
  await expect
    .poll(
      async () => {
        await call(app, 'POST', '/api/posts', classmate, { text: `Lamp ${randomUUID()}` });
        return heard.includes('post.created');
      },
      { timeout: 5000, interval: 50 },
    )
    .toBe(true);
  return { ws, closed, heard };
}

/** The close code within a second, or 'open' when the socket stayed open. */
const codeWithinASecond = (socket: Socket) =>
  Promise.race([
    socket.closed,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1000)),
  ]);

describe('a socket and the session it was opened with', () => {
  it('closes on the other server when the session signs out, and hears nothing more', async () => {
    const user = await student();
    const cookie = await loginAs(a, user);
    const socket = await open(b, cookie);

    expect((await call(a, 'POST', '/api/auth/logout', cookie)).statusCode).toBe(200);

    expect(await codeWithinASecond(socket)).toBe(SIGNED_OUT);
  });

  it("closes the other devices' sockets when the password changes, and keeps the changing one", async () => {
    const user = await student();
    const [phone, laptop] = [await loginAs(a, user), await loginAs(a, user)];
    const [phoneSocket, laptopSocket] = [await open(b, phone), await open(b, laptop)];

    const changed = await call(a, 'PUT', '/api/me/password', laptop, {
      currentPassword: PASSWORD,
      password: 'a-brand-new-secret',
      password2: 'a-brand-new-secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(await codeWithinASecond(phoneSocket)).toBe(SIGNED_OUT);
    expect(await codeWithinASecond(laptopSocket)).toBe('open');
    laptopSocket.ws.terminate();
  });

  it('closes every socket of the student after a password reset', async () => {
    const user = await student();
    const socket = await open(b, await loginAs(a, user));

    const asked = await api(a, {
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBe(200);
    const mail = await servers.db.kysely
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', user.email)
      .executeTakeFirstOrThrow();
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token');
    const reset = await api(a, {
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'a-brand-new-secret' },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await codeWithinASecond(socket)).toBe(SIGNED_OUT);
  });

  it('closes the sockets of a banned student', async () => {
    const [target, reporter] = [await student(), await student()];
    const moderator = await loginAs(a, await student({ email: MODERATOR }));
    const socket = await open(b, await loginAs(a, target));
    const reported = await call(a, 'POST', '/api/reports', await loginAs(a, reporter), {
      targetType: 'user',
      targetId: target.id,
      reason: 'Fraud',
    });
    expect(reported.statusCode, reported.body).toBe(201);

    const banned = await call(a, 'POST', '/api/moderation/actions', moderator, {
      targetType: 'user',
      targetId: target.id,
      action: 'ban',
      reason: 'Fraud',
    });
    expect(banned.statusCode, banned.body).toBe(200);

    expect(await codeWithinASecond(socket)).toBe(SIGNED_OUT);
  });

  it('closes the sockets of a deleted account', async () => {
    const user = await student();
    const cookie = await loginAs(a, user);
    const socket = await open(b, cookie);

    const deleted = await call(a, 'DELETE', '/api/me', cookie, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await codeWithinASecond(socket)).toBe(SIGNED_OUT);
  });

  it('closes with "try again" on a campus change, and the reopened socket is refused there', async () => {
    const user = await student();
    const cookie = await loginAs(a, user);
    const socket = await open(b, cookie);

    // What verifying another school's e-mail does (verification.routes.ts).
    await servers.db.kysely
      .updateTable('users')
      .set({ campus_id: 'ou' })
      .where('id', '=', user.id)
      .execute();
    a.services.sessions.campusChanged(user.id);

    expect(await codeWithinASecond(socket)).toBe(RESYNC);
    const reopened = await b.injectWS('/api/live', {
      headers: { cookie, host: 'ut.localhost:3000' },
    });
    expect(await new Promise((resolve) => reopened.once('close', resolve))).toBe(4403);
  });

  it('closes when the session expires', async () => {
    const user = await student();
    const cookie = await loginAs(a, user);
    await servers.db.kysely
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 1500 })
      .where('user_id', '=', user.id)
      .execute();
    const socket = await open(b, cookie);

    expect(await Promise.race([socket.closed, new Promise((r) => setTimeout(r, 3000))])).toBe(
      SIGNED_OUT,
    );
  });

  it('leaves sockets of other sessions and students open', async () => {
    const [user, classmate] = [await student(), await student()];
    const cookie = await loginAs(a, user);
    const other = await open(b, await loginAs(a, classmate));

    expect((await call(a, 'POST', '/api/auth/logout', cookie)).statusCode).toBe(200);

    expect(await codeWithinASecond(other)).toBe('open');
    other.ws.terminate();
  });
});

describe('a session that ended while its socket was being opened', () => {
  it('closes the socket once its subscriptions are live', async () => {
    const user = await student();
    const response = await api(a, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: nextIp(),
    });
    const cookie = sessionCookie(response);
    // Served from memory on b, and then ended with no message reaching b.
    const ws = await b.injectWS('/api/live', { headers: { cookie, host: 'ut.localhost:3000' } });
    ws.terminate();
    await servers.db.kysely.deleteFrom('sessions').where('user_id', '=', user.id).execute();

    const late = await b.injectWS('/api/live', { headers: { cookie, host: 'ut.localhost:3000' } });

    expect(await new Promise((resolve) => late.once('close', resolve))).toBe(SIGNED_OUT);
  });
});
