import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@common/messages';
import { ACCOUNT_MESSAGES as M } from '@common/schemas/account';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs, sessionCookie } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { hashPassword } from '../auth/passwords';
import { hashSecret } from '../auth/secrets';

/**
 * Changing the account e-mail cannot take an account (ADR 036): the current
 * password or a link to the current address, other sessions end, and the old
 * address may undo the change for 7 days.
 */

const PASSWORD = 'old-password-1';
let t: TestContext;
let passwordHash: string;
const nextIp = addressSequence('198.51');
const fresh = (prefix: string) => `${prefix}-${randomUUID().slice(0, 10)}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  passwordHash = await hashPassword(PASSWORD, 10);
});
afterAll(() => t.close());

/** A school-verified OU student with a password (or none), signed in. */
async function student(withPassword = true) {
  const user = await buildUser(t.db, {
    email: fresh('owner'),
    verified: true,
    school_verified: true,
    password_hash: withPassword ? passwordHash : null,
  });
  return { user, cookie: await loginAs(t.app, user) };
}

const call = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: object, cookie?: string) =>
  api(t.app, {
    method,
    url,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
    ...(cookie ? { cookie } : {}),
  });
const viewerOf = async (cookie: string) =>
  (await call('GET', '/api/me', undefined, cookie)).json().viewer as { email: string } | null;
const accountOf = (id: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const errorOf = (res: LightMyRequestResponse) =>
  res.json().error as { code: string; message: string };

const mailsTo = (to: string) =>
  t.db.kysely
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
const codeIn = async (to: string) => (await mailsTo(to))[0]!.subject.slice(0, 4);
/** The token of the newest link to `path` in a mail to the address. */
async function linkToken(to: string, path: string): Promise<string> {
  for (const mail of await mailsTo(to)) {
    const link = new RegExp(`http://ou\\.localhost:3000${path}\\?\\S+`).exec(mail.text);
    if (link) return new URL(link[0]).searchParams.get('token')!;
  }
  throw new Error(`no ${path} link to ${to}`);
}

/** Requests the change with the password, enters the code: the e-mail changes. */
async function change(who: { cookie: string }, to: string) {
  const asked = await call(
    'PUT',
    '/api/me/email',
    { email: to, currentPassword: PASSWORD },
    who.cookie,
  );
  expect(asked.statusCode, asked.body).toBe(200);
  return enterCode(who, to);
}
/** Enters the code mailed to the new address: the e-mail changes. */
async function enterCode(who: { cookie: string }, to: string) {
  const done = await call(
    'POST',
    '/api/me/email/verify',
    { email: to, code: await codeIn(to) },
    who.cookie,
  );
  expect(done.statusCode, done.body).toBe(200);
  return done;
}
const undo = (token: string) => call('POST', '/api/email-change/undo', { token });

describe('changing the account e-mail', () => {
  it('asks for the current password: missing or wrong changes nothing and sends no code', async () => {
    const jane = await student();
    const next = fresh('next');
    const missing = await call('PUT', '/api/me/email', { email: next }, jane.cookie);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toEqual({
      code: 'current_password_required',
      message: M.currentPasswordRequired,
    });
    const wrong = await call(
      'PUT',
      '/api/me/email',
      { email: next, currentPassword: 'not-my-password' },
      jane.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({
      code: 'current_password_wrong',
      message: M.currentPasswordWrong,
    });
    expect(await mailsTo(next)).toEqual([]);
    const guessed = await call(
      'POST',
      '/api/me/email/verify',
      { email: next, code: '1234' },
      jane.cookie,
    );
    expect(guessed.statusCode).toBe(400);
    expect((await viewerOf(jane.cookie))?.email).toBe(jane.user.email);
  });

  it('with the password and the code: ends every other session, keeps this one, and the old address can undo', async () => {
    const jane = await student();
    const otherDevice = await loginAs(t.app, jane.user);
    const next = fresh('next');
    const asked = await call(
      'PUT',
      '/api/me/email',
      { email: next, currentPassword: PASSWORD },
      jane.cookie,
    );
    expect(asked.json()).toEqual({ sent: true, email: next, approvalSentTo: null });
    const done = await change(jane, next);
    expect(done.json()).toMatchObject({ viewer: { email: next }, message: M.accountUpdated });
    expect((await viewerOf(jane.cookie))?.email).toBe(next);
    expect(await viewerOf(otherDevice)).toBeNull();

    const [told] = await mailsTo(jane.user.email);
    expect(told!.subject).toBe('Your OU Buy / Sell e-mail was changed');
    expect(told!.text).toContain(next);
    expect(told!.text).toContain('within 7 days');
    const token = await linkToken(jane.user.email, '/email_change/undo');
    const stored = await t.db.kysely
      .selectFrom('auth_tokens')
      .select(['id', 'expires_at', 'created_at'])
      .where('user_id', '=', jane.user.id)
      .where('purpose', '=', 'email_undo')
      .executeTakeFirstOrThrow();
    expect(stored.id).toBe(hashSecret(token));
    expect(Number(stored.expires_at) - Number(stored.created_at)).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('undo gives the old address back, ends every session, voids the reset link sent to the new one, once', async () => {
    const jane = await student();
    const next = fresh('taker');
    await change(jane, next);
    const token = await linkToken(jane.user.email, '/email_change/undo');
    // Whoever holds the new address asks for a reset link, and signs in with its Google
    // account (which links itself to the account of that address), before the owner undoes.
    expect((await call('POST', '/api/auth/password/forgot', { email: next })).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('users')
      .set({ google_sub: `taker-${randomUUID()}` })
      .where('id', '=', jane.user.id)
      .execute();
    const reset = await linkToken(next, '/reset_password');

    const undone = await undo(token);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({
      email: jane.user.email,
      message: M.emailChangeUndone(jane.user.email),
    });
    expect(await viewerOf(jane.cookie)).toBeNull();
    expect(await accountOf(jane.user.id)).toMatchObject({
      email: jane.user.email,
      google_sub: null,
    });
    const resetting = await call('POST', '/api/auth/password/reset', {
      token: reset,
      password: 'taken-over-2029',
    });
    expect(resetting.statusCode).toBe(400);
    expect(errorOf(resetting).message).toBe(AUTH_MESSAGES.linkExpired);

    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toEqual({ code: 'link_expired', message: AUTH_MESSAGES.linkExpired });
    // The owner signs in with the old address and may reset from it.
    const login = await call('POST', '/api/auth/login', {
      email: jane.user.email,
      password: PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await viewerOf(sessionCookie(login)))?.email).toBe(jane.user.email);
    expect((await call('POST', '/api/auth/password/forgot', { email: next })).statusCode).toBe(404);
  });

  it('undo lasts 7 days', async () => {
    const jane = await student();
    await change(jane, fresh('next'));
    const token = await linkToken(jane.user.email, '/email_change/undo');
    await t.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', hashSecret(token))
      .execute();
    const late = await undo(token);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe(AUTH_MESSAGES.linkExpired);
  });

  it('holds the old address while it can be undone: nobody registers or moves to it', async () => {
    const jane = await student();
    const old = jane.user.email;
    await change(jane, fresh('next'));
    const registering = await call('POST', '/api/auth/register', {
      name: 'Sly Fox',
      email: old,
      password: 'maroon-bicycle-42',
      terms: true,
    });
    expect(registering.statusCode).toBe(409);
    const other = await student();
    const moving = await call(
      'PUT',
      '/api/me/email',
      { email: old, currentPassword: PASSWORD },
      other.cookie,
    );
    expect(moving.statusCode).toBe(409);
    expect(errorOf(moving).message).toBe(M.emailTaken);
    const undone = await undo(await linkToken(old, '/email_change/undo'));
    expect(undone.statusCode, undone.body).toBe(200);
  });

  it('after two changes, the first address wins: its undo voids the later one, the later one does not void it', async () => {
    const jane = await student();
    const first = jane.user.email;
    const second = fresh('second');
    await change(jane, second);
    await change(jane, fresh('third'));
    const firstUndo = await linkToken(first, '/email_change/undo');
    const secondUndo = await linkToken(second, '/email_change/undo');

    expect((await undo(secondUndo)).json().email).toBe(second);
    expect((await undo(firstUndo)).json().email).toBe(first);
    expect((await accountOf(jane.user.id)).email).toBe(first);

    // The other order: the first address's undo leaves the later link void.
    const sam = await student();
    const samSecond = fresh('second');
    await change(sam, samSecond);
    await change(sam, fresh('third'));
    const samFirstUndo = await linkToken(sam.user.email, '/email_change/undo');
    const samSecondUndo = await linkToken(samSecond, '/email_change/undo');
    expect((await undo(samFirstUndo)).statusCode).toBe(200);
    expect((await undo(samSecondUndo)).statusCode).toBe(400);
  });
});

describe('an account without a password', () => {
  it('cannot choose a password with the session alone, so the session cannot then change the e-mail', async () => {
    const jane = await student(false);
    const chosen = await call(
      'PUT',
      '/api/me/password',
      { password: 'brand-new-pass-2', password2: 'brand-new-pass-2' },
      jane.cookie,
    );
    expect(chosen.statusCode).toBe(400);
    expect(errorOf(chosen)).toEqual({
      code: 'password_link_required',
      message: M.firstPasswordByLink,
    });
    expect((await accountOf(jane.user.id)).password_hash).toBeNull();
    // The reset link to its own address chooses it.
    expect(
      (await call('POST', '/api/auth/password/forgot', { email: jane.user.email })).statusCode,
    ).toBe(200);
    const reset = await call('POST', '/api/auth/password/reset', {
      token: await linkToken(jane.user.email, '/reset_password'),
      password: 'brand-new-pass-2',
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('confirms from its current address first; only then does a code go to the new one', async () => {
    const jane = await student(false);
    const otherDevice = await loginAs(t.app, jane.user);
    const next = fresh('next');
    const asked = await call('PUT', '/api/me/email', { email: next }, jane.cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ sent: true, email: next, approvalSentTo: jane.user.email });
    expect(await mailsTo(next)).toEqual([]);
    const [approval] = await mailsTo(jane.user.email);
    expect(approval!.subject).toBe('Confirm your new OU Buy / Sell e-mail');
    expect(approval!.text).toContain(next);

    // The session alone cannot finish it.
    const early = await call(
      'POST',
      '/api/me/email/verify',
      { email: next, code: '1234' },
      jane.cookie,
    );
    expect(early.statusCode).toBe(400);
    const token = await linkToken(jane.user.email, '/email_change/approve');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/email-change/approve',
      payload: { token },
      headers: { host: 'ou.localhost:3000', origin: 'http://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await mailsTo(next)).toEqual([]);

    const approved = await call('POST', '/api/email-change/approve', { token });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ email: next, message: M.emailChangeApproved(next) });
    expect((await call('POST', '/api/email-change/approve', { token })).statusCode).toBe(400);

    await enterCode(jane, next);
    expect((await viewerOf(jane.cookie))?.email).toBe(next);
    expect(await viewerOf(otherDevice)).toBeNull();
    expect(await linkToken(jane.user.email, '/email_change/undo')).toBeTruthy();
  });
});
