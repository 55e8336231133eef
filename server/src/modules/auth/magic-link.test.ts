import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAMPUSES } from '@common/campuses';
import { AUTH_MESSAGES as M } from '@common/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, sessionCookie } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { LIMITS } from '../../core/limits';
import { createAuthService } from './auth.service';
import { hashPassword } from './passwords';
import { hashSecret } from './secrets';

/**
 * E-mailed sign-in links and password reset
 * (docs/product/campuses-and-accounts.md): single use, hashed at rest, valid
 * for one hour.
 */

const HOUR = 60 * 60 * 1000;
const PASSWORD = 'correct-horse-battery';

let t: TestContext;
let bannedDir: string;
let passwordHash: string;
const BANNED = `banned-${randomUUID().slice(0, 8)}@example.com`;

const nextIp = addressSequence();
const uniqueEmail = (prefix = 'student') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
const uniqueWord = () =>
  `Z${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

function post(
  url: string,
  payload: object,
  options: { campus?: string; cookie?: string; remoteAddress?: string } = {},
) {
  return api(t.app, {
    method: 'POST',
    url,
    payload,
    remoteAddress: options.remoteAddress ?? nextIp(),
    ...stripUndefined(options),
  });
}
function stripUndefined(options: { campus?: string; cookie?: string }) {
  return {
    ...(options.campus ? { campus: options.campus } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
  };
}

const requestLink = (body: object, campus?: string) =>
  post('/api/auth/magic-link', body, { campus });
const completeLink = (body: object, cookie?: string) =>
  post('/api/auth/magic-link/complete', body, { cookie });
const forgot = (email: string, campus?: string) =>
  post('/api/auth/password/forgot', { email }, { campus });
const reset = (token: string | null, password: string) =>
  post('/api/auth/password/reset', { token, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

const me = (cookie: string) => api(t.app, { method: 'GET', url: '/api/me', cookie });

function expectError(res: LightMyRequestResponse, status: number, message: string, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
  if (code) expect(res.json().error.code).toBe(code);
}

const mailsTo = (to: string) =>
  t.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** The newest mail to an address, with the link its text carries. */
async function latestMail(to: string) {
  const [mail] = await mailsTo(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}: ${mail.text}`);
  return { mail, link: new URL(link) };
}

const tokensFor = (email: string) =>
  t.db.kysely.selectFrom('auth_tokens').selectAll().where('email', '=', email).execute();

const userByEmail = (email: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

const clockedAuth = (clock: { now: number }, banned: ReadonlySet<string> = new Set()) =>
  createAuthService({
    db: t.db,
    config: t.app.deps.config,
    banned,
    sessions: t.app.services.sessions,
    now: () => clock.now,
  });

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

describe('requesting a sign-in link (POST /api/auth/magic-link)', () => {
  it('queues a mail with a link to /login/sent on the campus site, carrying the e-mail and a token', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), campus_id: 'ut' });
    const res = await requestLink({ email: user.email.toUpperCase() }, 'ut');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const { mail, link } = await latestMail(user.email);
    expect(mail.subject).toBe('Log in to UT Buy / Sell');
    expect(link.origin).toBe('http://ut.localhost:3000');
    expect(link.pathname).toBe('/login/sent');
    expect([...link.searchParams.keys()]).toEqual(['email', 'token']);
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(43);
    expect(mail.html).toContain(link.searchParams.get('token'));
  });

  it('adds first and last names to the link when registering a new address', async () => {
    const email = uniqueEmail();
    const last = uniqueWord();
    const res = await requestLink({ email, first: 'Noor', last });
    expect(res.statusCode, res.body).toBe(200);

    const { mail, link } = await latestMail(email);
    expect(mail.subject).toBe('Finish joining OU Buy / Sell');
    expect(link.origin).toBe('http://ou.localhost:3000');
    expect(link.pathname).toBe('/login/sent');
    expect([...link.searchParams.keys()]).toEqual(['email', 'first', 'last', 'token']);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ email, first: 'Noor', last });
    // Requesting creates nothing yet.
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('leaves the names out when the address already has an account', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail() });
    expect(
      (await requestLink({ email: user.email, first: 'Other', last: 'Person' })).statusCode,
    ).toBe(200);
    const { mail, link } = await latestMail(user.email);
    expect(mail.subject).toBe('Log in to OU Buy / Sell');
    expect([...link.searchParams.keys()]).toEqual(['email', 'token']);
  });

  it('answers 404 "Incorrect. Please try again." for an unknown address without both names, and sends nothing', async () => {
    for (const body of [{}, { first: 'Noor' }, { last: 'Haddad' }]) {
      const email = uniqueEmail();
      expectError(await requestLink({ email, ...body }), 404, M.userNotFound, 'user_not_found');
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it('answers 403 "Account has been banned" for a banned address, and sends nothing', async () => {
    for (const body of [
      { email: BANNED },
      { email: BANNED.toUpperCase(), first: 'Ban', last: 'Ned' },
    ]) {
      expectError(await requestLink(body), 403, M.banned, 'banned');
    }
    expect(await mailsTo(BANNED)).toHaveLength(0);
  });

  it('validates the e-mail with its messages', async () => {
    expectError(await requestLink({}), 400, M.emailRequired);
    expectError(await requestLink({ email: 'noor@' }), 400, M.emailInvalid);
  });

  it(`answers 429 after ${LIMITS.mail.max} mail requests a minute from one address`, async () => {
    // A student each: links to one student are limited on their own (login.test.ts).
    const users = await Promise.all(
      Array.from({ length: LIMITS.mail.max + 1 }, () => buildUser(t.db, { email: uniqueEmail() })),
    );
    const remoteAddress = nextIp();
    for (const user of users.slice(0, LIMITS.mail.max)) {
      expect(
        (await post('/api/auth/magic-link', { email: user.email }, { remoteAddress })).statusCode,
      ).toBe(200);
    }
    const last = users.at(-1)!;
    const limited = await post(
      '/api/auth/password/forgot',
      { email: last.email },
      { remoteAddress },
    );
    expect(limited.statusCode).toBe(200); // limits are per route
    const limitedLink = await post(
      '/api/auth/magic-link',
      { email: last.email },
      { remoteAddress },
    );
    expectError(limitedLink, 429, M.rateLimited, 'rate_limited');
    expect(await mailsTo(last.email)).toHaveLength(1);
  });
});

describe('opening a sign-in link (POST /api/auth/magic-link/complete)', () => {
  it('registers a new account from a link with names: verified, no password, on the campus of the link', async () => {
    const email = uniqueEmail();
    const last = uniqueWord();
    await requestLink({ email, first: 'Noor', last }, 'ut');
    const { link } = await latestMail(email);

    const res = await completeLink({
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().registered).toBe(true);
    expect(res.json().viewer).toMatchObject({
      email,
      firstName: 'Noor',
      lastName: last,
      username: `noor${last.toLowerCase()}`,
      campusId: 'ut',
      verified: true,
      schoolVerified: false,
      hasPassword: false,
    });
    const row = await userByEmail(email);
    expect(row).toMatchObject({ password_hash: null, campus_id: 'ut' });
    expect(Boolean(row!.verified)).toBe(true);
    expect(Boolean(row!.email_notifications)).toBe(true);
    expect(row!.type).toBe('individual');
    expect((await me(sessionCookie(res))).json().viewer?.id).toBe(row!.id);
  });

  it('gives a registering link the next free username (-2 when taken)', async () => {
    const last = uniqueWord();
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const email = uniqueEmail();
      await requestLink({ email, first: 'Noor', last });
      const { link } = await latestMail(email);
      const res = await completeLink({ token: link.searchParams.get('token'), email });
      expect(res.statusCode, res.body).toBe(200);
      names.push(res.json().viewer.username);
    }
    const base = `noor${last.toLowerCase()}`;
    expect(names).toEqual([base, `${base}-2`]);
  });

  it('signs an existing user in, and marks the address verified', async () => {
    const user = await buildUser(t.db, {
      email: uniqueEmail(),
      verified: false,
      password_hash: passwordHash,
    });
    await requestLink({ email: user.email });
    const { link } = await latestMail(user.email);

    const res = await completeLink({
      token: link.searchParams.get('token'),
      email: user.email.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      registered: false,
      viewer: { id: user.id, verified: true, hasPassword: true },
    });
    expect((await me(sessionCookie(res))).json().viewer?.id).toBe(user.id);
  });

  it('works once: the second use answers "This link has expired or was already used."', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail() });
    await requestLink({ email: user.email });
    const { link } = await latestMail(user.email);
    const body = { token: link.searchParams.get('token'), email: user.email };
    expect((await completeLink(body)).statusCode).toBe(200);
    const again = await completeLink(body);
    expectError(again, 400, M.linkExpired, 'link_expired');
    expect(again.cookies).toHaveLength(0);
  });

  it('answers "Failed: Wrong Email." when the e-mail is not the link\'s, without using the link up', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail() });
    await requestLink({ email: user.email });
    const { link } = await latestMail(user.email);
    const token = link.searchParams.get('token');

    const wrong = await completeLink({ token, email: uniqueEmail() });
    expectError(wrong, 400, M.wrongEmail, 'wrong_email');
    expect(wrong.cookies).toHaveLength(0);

    const right = await completeLink({ token, email: user.email });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses an unknown token, and a password-reset token', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), password_hash: passwordHash });
    expectError(await completeLink({ token: randomUUID(), email: user.email }), 400, M.linkExpired);

    await forgot(user.email);
    const resetToken = (await latestMail(user.email)).link.searchParams.get('token');
    expectError(await completeLink({ token: resetToken, email: user.email }), 400, M.linkExpired);
  });

  it('expires after 1 hour', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail() });
    const clock = { now: Date.now() };
    const auth = clockedAuth(clock);

    await auth.requestMagicLink({ email: user.email }, CAMPUSES.ou);
    const first = (await latestMail(user.email)).link.searchParams.get('token')!;
    const [row] = await tokensFor(user.email);
    expect(row!.expires_at - row!.created_at).toBe(HOUR);
    clock.now += HOUR - 1;
    await expect(
      auth.completeMagicLink({ token: first, email: user.email }),
    ).resolves.toMatchObject({ registered: false });

    await auth.requestMagicLink({ email: user.email }, CAMPUSES.ou);
    const second = (await latestMail(user.email)).link.searchParams.get('token')!;
    clock.now += HOUR;
    await expect(
      auth.completeMagicLink({ token: second, email: user.email }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: M.linkExpired,
    });
  });

  it('refuses an expired link through the API', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail() });
    await requestLink({ email: user.email });
    const token = (await latestMail(user.email)).link.searchParams.get('token')!;
    await t.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', hashSecret(token))
      .execute();
    expectError(
      await completeLink({ token, email: user.email }),
      400,
      M.linkExpired,
      'link_expired',
    );
  });

  it('stores tokens hashed: the raw token never appears in auth_tokens', async () => {
    const email = uniqueEmail();
    await requestLink({ email, first: 'Noor', last: uniqueWord() });
    const token = (await latestMail(email)).link.searchParams.get('token')!;
    const rows = await tokensFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: hashSecret(token), purpose: 'magic', used_at: null });
    expect(JSON.stringify(rows)).not.toContain(token);

    await completeLink({ token, email });
    const [used] = await tokensFor(email);
    expect(used!.used_at).not.toBeNull();
    expect(JSON.stringify(used)).not.toContain(token);
  });

  it('refuses a link to an address banned after it was sent', async () => {
    const clock = { now: Date.now() };
    await clockedAuth(clock).requestMagicLink(
      { email: BANNED, first: 'Ban', last: 'Ned' },
      CAMPUSES.ou,
    );
    const token = (await latestMail(BANNED)).link.searchParams.get('token');
    const res = await completeLink({ token, email: BANNED });
    expectError(res, 403, M.banned, 'banned');
    expect(await userByEmail(BANNED)).toBeUndefined();
  });
});

describe('forgot password (POST /api/auth/password/forgot)', () => {
  it('answers 404 "User not found, try again!" for an unknown address, and sends nothing', async () => {
    const email = uniqueEmail();
    expectError(await forgot(email), 404, M.resetUserNotFound, 'user_not_found');
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('queues a mail with a link to /reset_password on the campus site', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), password_hash: passwordHash });
    const res = await forgot(user.email.toUpperCase(), 'smu');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const { mail, link } = await latestMail(user.email);
    expect(mail.subject).toBe('Reset your SMU Buy / Sell password');
    expect(link.origin).toBe('http://smu.localhost:3000');
    expect(link.pathname).toBe('/reset_password');
    expect([...link.searchParams.keys()]).toEqual(['token']);
  });

  it('validates the e-mail with its messages', async () => {
    expectError(await post('/api/auth/password/forgot', {}), 400, M.emailRequired);
    expectError(await forgot('nobody'), 400, M.emailInvalid);
  });
});

describe('resetting the password (POST /api/auth/password/reset)', () => {
  async function resetToken(email: string): Promise<string> {
    expect((await forgot(email)).statusCode).toBe(200);
    return (await latestMail(email)).link.searchParams.get('token')!;
  }

  it('sets the new password and signs the user in', async () => {
    const user = await buildUser(t.db, {
      email: uniqueEmail(),
      password_hash: passwordHash,
      verified: true,
    });
    const token = await resetToken(user.email);

    const res = await reset(token, 'a-brand-new-secret');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().viewer).toMatchObject({ id: user.id, hasPassword: true });
    expect((await me(sessionCookie(res))).json().viewer?.id).toBe(user.id);

    expect((await login(user.email, 'a-brand-new-secret')).statusCode).toBe(200);
    expectError(await login(user.email, PASSWORD), 401, M.wrongPassword);
  });

  it('gives an account without a password (Google or link only) a password', async () => {
    const user = await buildUser(t.db, {
      email: uniqueEmail(),
      google_sub: `g-${randomUUID()}`,
      verified: true,
    });
    const res = await reset(await resetToken(user.email), 'a-brand-new-secret');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().viewer.hasPassword).toBe(true);
    expect((await login(user.email, 'a-brand-new-secret')).statusCode).toBe(200);
  });

  it('works once', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), password_hash: passwordHash });
    const token = await resetToken(user.email);
    expect((await reset(token, 'a-brand-new-secret')).statusCode).toBe(200);
    const again = await reset(token, 'another-new-secret');
    expectError(again, 400, M.linkExpired, 'link_expired');
    expect((await login(user.email, 'a-brand-new-secret')).statusCode).toBe(200);
  });

  it('refuses a short or common password, saying which, without using the link up', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), password_hash: passwordHash });
    const token = await resetToken(user.email);
    expectError(await reset(token, 'short'), 400, M.passwordTooShort);
    expectError(await reset(token, 'password123'), 400, M.passwordTooCommon);
    expectError(await reset(token, ''), 400, M.passwordRequired);
    expect((await reset(token, 'a-brand-new-secret')).statusCode).toBe(200);
  });

  it('refuses an unknown token and a sign-in link token', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), password_hash: passwordHash });
    expectError(await reset(randomUUID(), 'a-brand-new-secret'), 400, M.linkExpired);
    await requestLink({ email: user.email });
    const magic = (await latestMail(user.email)).link.searchParams.get('token');
    expectError(await reset(magic, 'a-brand-new-secret'), 400, M.linkExpired);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('expires after 1 hour', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), password_hash: passwordHash });
    const clock = { now: Date.now() };
    const auth = clockedAuth(clock);

    await auth.forgotPassword(user.email, CAMPUSES.ou);
    const first = (await latestMail(user.email)).link.searchParams.get('token')!;
    const [row] = await tokensFor(user.email);
    expect(row!.expires_at - row!.created_at).toBe(HOUR);
    clock.now += HOUR - 1;
    await expect(
      auth.resetPassword({ token: first, password: 'a-brand-new-secret' }),
    ).resolves.toMatchObject({ id: user.id });

    await auth.forgotPassword(user.email, CAMPUSES.ou);
    const second = (await latestMail(user.email)).link.searchParams.get('token')!;
    clock.now += HOUR;
    await expect(
      auth.resetPassword({ token: second, password: 'another-new-secret' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: M.linkExpired,
    });

    // Through the API, too.
    const third = await resetToken(user.email);
    await t.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', hashSecret(third))
      .execute();
    expectError(await reset(third, 'yet-another-secret'), 400, M.linkExpired);
  });

  it('stores the reset token hashed', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail(), password_hash: passwordHash });
    const token = await resetToken(user.email);
    const rows = await tokensFor(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: hashSecret(token), purpose: 'reset', user_id: user.id });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('does not sign in a banned address', async () => {
    const clock = { now: Date.now() };
    const banned = await buildUser(t.db, { email: BANNED, password_hash: passwordHash });
    // The link went out before the address was banned.
    await clockedAuth(clock).forgotPassword(banned.email, CAMPUSES.ou);
    const token = (await latestMail(BANNED)).link.searchParams.get('token')!;
    const res = await reset(token, 'a-brand-new-secret');
    expectError(res, 403, M.banned, 'banned');
    expect(res.cookies).toHaveLength(0);
  });
});
