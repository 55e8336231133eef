import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES as M } from '@common/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs, sessionCookie } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { LIMITS } from '../../core/limits';
import {
  ACCOUNT_LOCK_AFTER_FAILURES,
  createAuthService,
  LINKS_PER_ADDRESS_PER_HOUR,
} from './auth.service';
import { hashPassword } from './passwords';
import { hashSecret } from './secrets';
import { SESSION_MS } from './sessions.service';

/**
 * Sign-in (docs/product/campuses-and-accounts.md, Sign-in): the e-mail entry
 * step, password sign-in and its errors, the account lockout, per-IP limits,
 * sessions and the same-origin check.
 */

const MINUTE = 60 * 1000;
const LOCK_MS = 15 * MINUTE;
const PASSWORD = 'correct-horse-battery';

let t: TestContext;
let bannedDir: string;
let passwordHash: string;
const BANNED = `banned-${randomUUID().slice(0, 8)}@example.com`;

const nextIp = addressSequence();
const uniqueEmail = (prefix = 'student') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

/** A user who registered with PASSWORD. */
const userWithPassword = (overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t.db, {
    email: uniqueEmail(),
    password_hash: passwordHash,
    verified: true,
    ...overrides,
  });

function login(
  email: string,
  password: string,
  extra: { cookie?: string; remoteAddress?: string } = {},
) {
  return api(t.app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: extra.remoteAddress ?? nextIp(),
    ...(extra.cookie ? { cookie: extra.cookie } : {}),
  });
}

const me = (cookie?: string) =>
  api(t.app, { method: 'GET', url: '/api/me', ...(cookie ? { cookie } : {}) });

const userRow = (id: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function expectError(res: LightMyRequestResponse, status: number, message: string, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
  if (code) expect(res.json().error.code).toBe(code);
}

/** The newest e-mail queued for an address, and the first link in its text. */
async function latestLink(to: string): Promise<URL> {
  const mail = await t.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}: ${mail.text}`);
  return new URL(link);
}

/** Asks for a sign-in link for `email` and opens it; the answer to opening it. */
async function signInByLink(email: string): Promise<LightMyRequestResponse> {
  const request = await api(t.app, {
    method: 'POST',
    url: '/api/auth/magic-link',
    payload: { email },
    remoteAddress: nextIp(),
  });
  expect(request.statusCode, request.body).toBe(200);
  const link = await latestLink(email);
  return api(t.app, {
    method: 'POST',
    url: '/api/auth/magic-link/complete',
    payload: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
    remoteAddress: nextIp(),
  });
}

beforeAll(async () => {
  bannedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-banned-'));
  const file = path.join(bannedDir, 'banned-emails.txt');
  fs.writeFileSync(file, `${BANNED}\n`);
  t = await createTestApp({ env: { BANNED_EMAILS_FILE: file } });
  passwordHash = await hashPassword(PASSWORD, t.app.deps.config.passwordHashCost);
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(bannedDir, { recursive: true, force: true });
});

describe('the e-mail entry step (GET /api/auth/email-status)', () => {
  it('says whether an account exists, whatever the case of the address', async () => {
    const user = await userWithPassword();
    const status = (email: string) =>
      api(t.app, {
        method: 'GET',
        url: `/api/auth/email-status?email=${encodeURIComponent(email)}`,
      });
    expect((await status(user.email)).json()).toEqual({ exists: true });
    expect((await status(` ${user.email.toUpperCase()} `)).json()).toEqual({ exists: true });
    expect((await status(uniqueEmail())).json()).toEqual({ exists: false });
  });

  it('validates the address with its messages', async () => {
    const status = (query: string) =>
      api(t.app, { method: 'GET', url: `/api/auth/email-status${query}` });
    expectError(await status(''), 400, M.emailRequired);
    expectError(await status('?email='), 400, M.emailRequired);
    expectError(await status('?email=not-an-email'), 400, M.emailInvalid);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and answers the viewer with a session cookie', async () => {
    const user = await userWithPassword({ first_name: 'Priya', last_name: 'Shah' });
    const res = await login(user.email, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().viewer).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Priya',
      hasPassword: true,
    });
    expect(res.body).not.toContain(passwordHash);
    const cookie = res.cookies.find((c) => c.name === 'quad_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await me(sessionCookie(res))).json().viewer).toMatchObject({ id: user.id });
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const user = await userWithPassword();
    const res = await login(`  ${user.email.toUpperCase()} `, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().viewer.id).toBe(user.id);
  });

  it('answers 404 "Incorrect. Please try again." when no account has the e-mail', async () => {
    expectError(await login(uniqueEmail(), PASSWORD), 404, M.userNotFound, 'user_not_found');
  });

  it('answers 401 "Wrong password!" for a wrong password, and sets no cookie', async () => {
    const user = await userWithPassword();
    const res = await login(user.email, `${PASSWORD}!`);
    expectError(res, 401, M.wrongPassword, 'wrong_password');
    expect(res.cookies).toHaveLength(0);
  });

  it('answers 401 "Invalid login credentials." for an account without a password (Google or link only)', async () => {
    const google = await buildUser(t.db, {
      email: uniqueEmail(),
      google_sub: `g-${randomUUID()}`,
      verified: true,
    });
    const linkOnly = await buildUser(t.db, { email: uniqueEmail(), verified: true });
    for (const user of [google, linkOnly]) {
      expectError(
        await login(user.email, PASSWORD),
        401,
        M.invalidCredentials,
        'invalid_credentials',
      );
    }
  });

  it('answers 403 "Account has been banned" for a banned e-mail, even with the right password', async () => {
    await userWithPassword({ email: BANNED });
    for (const email of [BANNED, BANNED.toUpperCase()]) {
      const res = await login(email, PASSWORD);
      expectError(res, 403, M.banned, 'banned');
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('validates the body with its messages', async () => {
    const post = (payload: object) =>
      api(t.app, { method: 'POST', url: '/api/auth/login', payload, remoteAddress: nextIp() });
    expectError(await post({ password: PASSWORD }), 400, M.emailRequired);
    expectError(await post({ email: '', password: PASSWORD }), 400, M.emailRequired);
    expectError(await post({ email: 'jamie@', password: PASSWORD }), 400, M.emailInvalid);
    expectError(await post({ email: uniqueEmail() }), 400, M.passwordRequired);
    expectError(await post({ email: uniqueEmail(), password: '' }), 400, M.passwordRequired);
  });
});

describe('lockout (docs/security.md)', () => {
  const failuresOf = (userId: string, client: string) =>
    t.db.kysely
      .selectFrom('login_failures')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client', '=', client)
      .executeTakeFirst();
  /** The auth service on its own clock, for the windows. */
  const serviceAt = (clock: { now: number }) =>
    createAuthService({
      db: t.db,
      config: t.app.deps.config,
      banned: new Set(),
      sessions: t.app.services.sessions,
      now: () => clock.now,
    });
  const attempt = (
    auth: ReturnType<typeof createAuthService>,
    email: string,
    password: string,
    client: string,
  ) =>
    auth.login({ email, password }, client).then(
      () => 'ok',
      (error: Error) => error.message,
    );

  it('locks one address out for 15 minutes after 10 failures from it, with the long message, even for the right password', async () => {
    const user = await userWithPassword();
    const remoteAddress = nextIp();
    for (let i = 1; i <= 9; i++) {
      expectError(
        await login(user.email, `wrong-${i}-password`, { remoteAddress }),
        401,
        M.wrongPassword,
      );
    }
    const before = Date.now();
    expectError(
      await login(user.email, 'wrong-10-password', { remoteAddress }),
      429,
      M.tooManyAttempts,
      'locked',
    );
    const after = Date.now();

    const row = await failuresOf(user.id, remoteAddress);
    expect(Number(row!.locked_until)).toBeGreaterThanOrEqual(before + LOCK_MS);
    expect(Number(row!.locked_until)).toBeLessThanOrEqual(after + LOCK_MS);

    const right = await login(user.email, PASSWORD, { remoteAddress });
    expectError(right, 429, M.tooManyAttempts, 'locked');
    expect(right.cookies).toHaveLength(0);
    expectError(
      await login(user.email, 'still-wrong-password', { remoteAddress }),
      429,
      M.tooManyAttempts,
    );
    // Failures while locked do not extend the lock.
    expect((await failuresOf(user.id, remoteAddress))!.locked_until).toBe(row!.locked_until);
  });

  it("a stranger who locks their own address out does not lock the student's", async () => {
    const user = await userWithPassword();
    const stranger = nextIp();
    for (let i = 0; i < 10; i++)
      await login(user.email, 'nope-nope-nope', { remoteAddress: stranger });
    expectError(
      await login(user.email, PASSWORD, { remoteAddress: stranger }),
      429,
      M.tooManyAttempts,
    );

    const signedIn = await login(user.email, PASSWORD, { remoteAddress: nextIp() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await userRow(user.id)).locked_until).toBeNull();
  });

  it(`locks the password for every address after ${ACCOUNT_LOCK_AFTER_FAILURES} failures spread over many, and the e-mailed link still signs in`, async () => {
    const user = await userWithPassword();
    const clock = { now: Date.now() };
    const auth = serviceAt(clock);
    const answers: string[] = [];
    for (let i = 0; i < ACCOUNT_LOCK_AFTER_FAILURES; i++)
      answers.push(await attempt(auth, user.email, 'nope-nope-nope', `203.0.${i}.1`));
    expect(answers.slice(0, -1).every((a) => a === M.wrongPassword)).toBe(true);
    expect(answers.at(-1)).toBe(M.tooManyAttempts);
    expect(await attempt(auth, user.email, PASSWORD, '203.1.0.1')).toBe(M.tooManyAttempts);

    const complete = await signInByLink(user.email);
    expect(complete.statusCode, complete.body).toBe(200);
  });

  it('lets no more than 9 of 30 guesses sent at once from one address be answered "Wrong password!"', async () => {
    const user = await userWithPassword();
    const client = nextIp();
    const auth = t.app.services.auth;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(auth, user.email, `guess-${i}-password`, client),
      ),
    );
    const wrong = answers.filter((a) => a === M.wrongPassword);
    expect(wrong.length).toBeLessThanOrEqual(9);
    expect(answers.filter((a) => a === M.tooManyAttempts).length).toBe(30 - wrong.length);
    expect(Number((await failuresOf(user.id, client))!.locked_until)).toBeGreaterThan(Date.now());
    expect(await attempt(auth, user.email, PASSWORD, client)).toBe(M.tooManyAttempts);
  });

  it('follows the clock: 10 failures within 15 minutes lock, the lock ends 15 minutes later', async () => {
    const user = await userWithPassword();
    const start = Date.now();
    const clock = { now: start };
    const auth = serviceAt(clock);
    const client = nextIp();

    // Ten failures spread over 14 minutes 59 seconds.
    for (let i = 0; i < 9; i++) {
      expect(await attempt(auth, user.email, 'wrong-password', client)).toBe(M.wrongPassword);
      clock.now += 111 * 1000;
    }
    clock.now = start + LOCK_MS - 1000;
    expect(await attempt(auth, user.email, 'wrong-password', client)).toBe(M.tooManyAttempts);
    const lockedAt = clock.now;

    clock.now = lockedAt + LOCK_MS - 1;
    expect(await attempt(auth, user.email, PASSWORD, client)).toBe(M.tooManyAttempts);
    clock.now = lockedAt + LOCK_MS;
    expect(await attempt(auth, user.email, PASSWORD, client)).toBe('ok');
    expect(await failuresOf(user.id, client)).toBeUndefined();
    expect(await userRow(user.id)).toMatchObject({
      failed_logins: 0,
      failed_login_window_start: null,
      locked_until: null,
    });
  });

  it('starts counting again when the first failure is more than 15 minutes old', async () => {
    const user = await userWithPassword();
    const start = Date.now();
    const clock = { now: start };
    const auth = serviceAt(clock);
    const client = nextIp();

    for (let i = 0; i < 9; i++)
      expect(await attempt(auth, user.email, 'wrong-password', client)).toBe(M.wrongPassword);
    clock.now = start + LOCK_MS;
    // The tenth failure falls outside the first failure's window: a new window starts.
    expect(await attempt(auth, user.email, 'wrong-password', client)).toBe(M.wrongPassword);
    expect(await failuresOf(user.id, client)).toMatchObject({
      failures: 1,
      locked_until: null,
    });
    expect(Number((await failuresOf(user.id, client))!.window_start)).toBe(start + LOCK_MS);
  });

  it("counts the account's failures in the stored window (rows set directly)", async () => {
    const inWindow = await userWithPassword({
      failed_logins: ACCOUNT_LOCK_AFTER_FAILURES - 1,
      failed_login_window_start: Date.now() - 14 * MINUTE,
    });
    expectError(await login(inWindow.email, 'wrong-password'), 429, M.tooManyAttempts);

    const stale = await userWithPassword({
      failed_logins: ACCOUNT_LOCK_AFTER_FAILURES - 1,
      failed_login_window_start: Date.now() - LOCK_MS - 1000,
    });
    expectError(await login(stale.email, 'wrong-password'), 401, M.wrongPassword);
    expect((await userRow(stale.id)).failed_logins).toBe(1);
  });

  it('lets the user in once locked_until has passed, and clears the counters', async () => {
    const user = await userWithPassword({
      locked_until: Date.now() - 1,
      failed_logins: 3,
      failed_login_window_start: Date.now() - MINUTE,
    });
    const res = await login(user.email, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(user.id)).toMatchObject({
      failed_logins: 0,
      failed_login_window_start: null,
      locked_until: null,
    });
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await userWithPassword();
    const remoteAddress = nextIp();
    const fromHere = (password: string) => login(user.email, password, { remoteAddress });
    for (let i = 0; i < 9; i++) expect((await fromHere('wrong-password')).statusCode).toBe(401);
    expect((await fromHere(PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await fromHere('wrong-password')).statusCode).toBe(401);
    expect((await fromHere(PASSWORD)).statusCode).toBe(200);
  });

  it('is lifted by a password reset', async () => {
    const user = await userWithPassword();
    const remoteAddress = nextIp();
    for (let i = 0; i < 10; i++) await login(user.email, 'wrong-password', { remoteAddress });
    expectError(await login(user.email, PASSWORD, { remoteAddress }), 429, M.tooManyAttempts);

    const forgot = await api(t.app, {
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const token = (await latestLink(user.email)).searchParams.get('token')!;
    const reset = await api(t.app, {
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'brand-new-password' },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().viewer.id).toBe(user.id);

    expect(await failuresOf(user.id, remoteAddress)).toBeUndefined();
    expect((await login(user.email, 'brand-new-password', { remoteAddress })).statusCode).toBe(200);
    expectError(await login(user.email, PASSWORD, { remoteAddress }), 401, M.wrongPassword);
  });

  it('is lifted by an e-mailed sign-in link', async () => {
    const user = await userWithPassword();
    const remoteAddress = nextIp();
    for (let i = 0; i < 10; i++) await login(user.email, 'wrong-password', { remoteAddress });
    expectError(await login(user.email, PASSWORD, { remoteAddress }), 429, M.tooManyAttempts);

    const complete = await signInByLink(user.email);
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toMatchObject({ registered: false, viewer: { id: user.id } });

    expect(await failuresOf(user.id, remoteAddress)).toBeUndefined();
    expect((await login(user.email, PASSWORD, { remoteAddress })).statusCode).toBe(200);
  });

  it('sweeps counts whose window and lock are over', async () => {
    const user = await userWithPassword();
    const client = nextIp();
    expect(await attempt(t.app.services.auth, user.email, 'wrong-password', client)).toBe(
      M.wrongPassword,
    );
    await t.app.services.auth.sweep(Date.now() + LOCK_MS + 1);
    expect(await failuresOf(user.id, client)).toBeUndefined();
  });
});

describe('the time an answer takes', () => {
  it('is the same for an address with an account and one without: both check a password', async () => {
    // A costlier hash than the suite's, so that the check, not the machine's noise, sets the times.
    const cost = 14;
    const user = await userWithPassword({ password_hash: await hashPassword(PASSWORD, cost) });
    const auth = createAuthService({
      db: t.db,
      config: { ...t.app.deps.config, passwordHashCost: cost },
      banned: new Set(),
      sessions: t.app.services.sessions,
    });
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      await auth.login({ email, password: 'wrong-password' }, nextIp()).catch(() => undefined);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // Without the decoy check an unknown address answers in one query's time.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail()));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });
});

describe('links e-mailed to one address', () => {
  it(`stop at ${LINKS_PER_ADDRESS_PER_HOUR} an hour of each kind, whoever asks`, async () => {
    const user = await userWithPassword();
    for (const url of ['/api/auth/magic-link', '/api/auth/password/forgot']) {
      const ask = () =>
        api(t.app, {
          method: 'POST',
          url,
          payload: { email: user.email },
          remoteAddress: nextIp(),
        });
      for (let i = 0; i < LINKS_PER_ADDRESS_PER_HOUR; i++)
        expect((await ask()).statusCode).toBe(200);
      expectError(await ask(), 429, M.rateLimited, 'rate_limited');
    }
  });
});

describe('per-address rate limit', () => {
  it(`answers 429 after ${LIMITS.signIn.max} sign-in attempts a minute from one address`, async () => {
    const remoteAddress = nextIp();
    for (let i = 0; i < LIMITS.signIn.max; i++) {
      expect((await login(uniqueEmail(), PASSWORD, { remoteAddress })).statusCode).toBe(404);
    }
    const user = await userWithPassword();
    const limited = await login(user.email, PASSWORD, { remoteAddress });
    expectError(limited, 429, M.rateLimited, 'rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.cookies).toHaveLength(0);
    // The same account from another address is fine.
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers a guest with viewer null', async () => {
    expect((await me()).json()).toEqual({ viewer: null, google: false });
  });

  it('stores only the hash of the session token', async () => {
    const user = await userWithPassword();
    const res = await login(user.email, PASSWORD);
    const token = res.cookies.find((c) => c.name === 'quad_session')!.value;
    const rows = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashSecret(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('issues a new token at every sign-in and ends the session the request came with', async () => {
    const user = await userWithPassword();
    const first = sessionCookie(await login(user.email, PASSWORD));
    const second = sessionCookie(await login(user.email, PASSWORD));
    expect(second).not.toBe(first);
    // Two devices: both sessions live.
    expect((await me(first)).json().viewer?.id).toBe(user.id);
    expect((await me(second)).json().viewer?.id).toBe(user.id);

    // Signing in again from the first device replaces its session.
    const third = sessionCookie(await login(user.email, PASSWORD, { cookie: first }));
    expect(third).not.toBe(first);
    expect((await me(first)).json().viewer).toBeNull();
    expect((await me(third)).json().viewer?.id).toBe(user.id);
    expect((await me(second)).json().viewer?.id).toBe(user.id);
  });

  it('logout ends the session: the old cookie no longer works', async () => {
    const user = await userWithPassword();
    const cookie = sessionCookie(await login(user.email, PASSWORD));
    const other = await loginAs(t.app, user);
    expect((await me(cookie)).json().viewer?.id).toBe(user.id);

    const res = await api(t.app, { method: 'POST', url: '/api/auth/logout', payload: {}, cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'quad_session');
    expect(cleared?.value).toBe('');

    expect((await me(cookie)).json().viewer).toBeNull();
    expect(
      await t.db.kysely
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', hashSecret(cookie.slice('quad_session='.length)))
        .executeTakeFirst(),
    ).toBeUndefined();
    // Only that session ended.
    expect((await me(other)).json().viewer?.id).toBe(user.id);
  });

  it('logout without a session is fine', async () => {
    const res = await api(t.app, { method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('refuses an expired session, clears its cookie and deletes it', async () => {
    const user = await userWithPassword();
    const cookie = await loginAs(t.app, user);
    const id = hashSecret(cookie.slice('quad_session='.length));
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();

    const res = await me(cookie);
    expect(res.json().viewer).toBeNull();
    expect(res.cookies.find((c) => c.name === 'quad_session')?.value).toBe('');
    expect(
      await t.db.kysely.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();

    // A state-changing call with it is a guest's call.
    const code = await api(t.app, {
      method: 'POST',
      url: '/api/verification/code',
      payload: {},
      cookie,
    });
    expectError(code, 401, M.signInRequired, 'signed_out');
  });

  it('refuses an unknown session token', async () => {
    const res = await me(`quad_session=${randomUUID()}`);
    expect(res.json().viewer).toBeNull();
  });

  it('slides a session forward (30 days from now) when it was last seen more than a day ago', async () => {
    const user = await userWithPassword();
    const cookie = await loginAs(t.app, user);
    const id = hashSecret(cookie.slice('quad_session='.length));
    const dayAgo = Date.now() - 25 * 60 * MINUTE;
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: dayAgo, expires_at: dayAgo + SESSION_MS })
      .where('id', '=', id)
      .execute();

    const before = Date.now();
    const res = await me(cookie);
    expect(res.json().viewer?.id).toBe(user.id);
    const resent = res.cookies.find((c) => c.name === 'quad_session');
    expect(resent).toMatchObject({
      value: cookie.slice('quad_session='.length),
      httpOnly: true,
      sameSite: 'Lax',
    });
    const row = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBeGreaterThanOrEqual(before + SESSION_MS);

    // Seen just now: no new cookie on the next request.
    expect((await me(cookie)).cookies).toHaveLength(0);
  });
});

describe('same-origin check', () => {
  const post = async (headers: Record<string, string>, cookie?: string) => {
    const user = await userWithPassword();
    return {
      user,
      res: await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: PASSWORD },
        remoteAddress: nextIp(),
        headers: { host: 'ou.localhost:3000', ...headers, ...(cookie ? { cookie } : {}) },
      }),
    };
  };

  it('refuses a POST with neither Origin nor X-Quad-CSRF with 403', async () => {
    const { res } = await post({});
    expectError(res, 403, M.crossOrigin, 'cross_origin');
    expect(res.cookies).toHaveLength(0);
  });

  it('allows a POST whose Origin is this site', async () => {
    const { res, user } = await post({ origin: 'http://ou.localhost:3000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().viewer.id).toBe(user.id);
  });

  it('allows a POST with the X-Quad-CSRF header', async () => {
    const { res } = await post({ 'x-quad-csrf': '1' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a POST from a foreign Origin, another campus, another scheme or an opaque origin', async () => {
    for (const origin of [
      'https://evil.example.com',
      'http://ut.localhost:3000',
      'https://ou.localhost:3000',
      'http://ou.localhost:4000',
      'null',
    ]) {
      const { res } = await post({ origin });
      expectError(res, 403, M.crossOrigin, 'cross_origin');
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('refuses a cross-site logout, so the session survives', async () => {
    const user = await userWithPassword();
    const cookie = await loginAs(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: {},
      headers: { host: 'ou.localhost:3000', origin: 'https://evil.example.com', cookie },
    });
    expectError(res, 403, M.crossOrigin);
    expect((await me(cookie)).json().viewer?.id).toBe(user.id);
  });

  it('does not apply to GET requests', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { host: 'ou.localhost:3000', origin: 'https://evil.example.com' },
    });
    expect(res.statusCode).toBe(200);
  });
});
