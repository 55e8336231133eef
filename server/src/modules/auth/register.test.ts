import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES as M } from '@common/messages';
import { PASSWORD_MAX } from '@common/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, sessionCookie } from '../../../test/auth';
import { LIMITS } from '../../core/limits';
import { buildUser } from '../../../test/factories';
import { verifyPassword } from './passwords';

/**
 * POST /api/auth/register (docs/product/campuses-and-accounts.md, Sign-up):
 * every rule and message of registration, through the real app.
 */

let t: TestContext;
let bannedDir: string;
const BANNED = `banned-${randomUUID().slice(0, 8)}@example.com`;

/** Each request comes from its own address, so the per-IP limits only bite where a test wants them to. */
const nextIp = addressSequence();

/** A unique address per test (never fixed data). */
const uniqueEmail = (prefix = 'student') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

/** A unique last name of letters only (digits would be dropped by name parsing). */
const uniqueWord = () =>
  `Z${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

const STRONG = 'maroon-quad-sofa';

function register(
  body: Record<string, unknown>,
  options: { campus?: string; headers?: Record<string, string> } = {},
) {
  return api(t.app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: nextIp(),
    ...options,
  });
}

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Jamie ${uniqueWord()}`,
  email: uniqueEmail(),
  password: STRONG,
  terms: true,
  ...overrides,
});

const userRow = (email: string) =>
  t.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();

function expectError(
  response: Awaited<ReturnType<typeof register>>,
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.message).toBe(message);
}

beforeAll(async () => {
  bannedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-banned-'));
  const file = path.join(bannedDir, 'banned-emails.txt');
  fs.writeFileSync(file, `# banned for spam\n  ${BANNED.toUpperCase()}  \n\n`);
  t = await createTestApp({ env: { BANNED_EMAILS_FILE: file } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(bannedDir, { recursive: true, force: true });
});

describe('registering', () => {
  it('creates the account with the defaults of a new user and answers 201 with the viewer', async () => {
    const last = uniqueWord();
    const body = validBody({ name: `Jamie ${last}` });
    const res = await register(body);

    expect(res.statusCode, res.body).toBe(201);
    const viewer = res.json().viewer;
    expect(viewer).toMatchObject({
      campusId: 'ou',
      email: body.email,
      firstName: 'Jamie',
      lastName: last,
      verified: false,
      schoolVerified: false,
      schoolEmail: null,
      avatarUrl: null,
      profileSetUp: false,
      hasPassword: true,
      emailNotifications: true,
    });

    const row = await userRow(body.email);
    expect(row).toBeDefined();
    expect(viewer.id).toBe(row!.id);
    expect(Boolean(row!.verified)).toBe(false);
    expect(Boolean(row!.school_verified)).toBe(false);
    expect(Boolean(row!.email_notifications)).toBe(true);
    expect(row!.type).toBe('individual');
    expect(row!.google_sub).toBeNull();
    expect(row!.failed_logins).toBe(0);
    expect(row!.locked_until).toBeNull();
  });

  it('stores only a hash of the password', async () => {
    const body = validBody();
    expect((await register(body)).statusCode).toBe(201);
    const row = await userRow(body.email);
    expect(row!.password_hash).not.toBeNull();
    expect(row!.password_hash).not.toContain(STRONG);
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(STRONG, row!.password_hash!)).toBe(true);
    expect(await verifyPassword(`${STRONG}x`, row!.password_hash!)).toBe(false);
  });

  it('never answers with the password hash or any other private field', async () => {
    const body = validBody();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['viewer']);
    expect(Object.keys(res.json().viewer).sort()).toEqual(
      [
        'id',
        'campusId',
        'email',
        'username',
        'firstName',
        'lastName',
        'verified',
        'schoolVerified',
        'schoolEmail',
        'avatarUrl',
        'profileSetUp',
        'hasPassword',
        'phone',
        'gender',
        'birthDate',
        'emailNotifications',
        'createdAt',
      ].sort(),
    );
    for (const secret of [
      'password',
      'hash',
      'scrypt',
      STRONG,
      'failed_logins',
      'locked',
      'google',
      'stripe',
      'code_failures',
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('signs the new user in with an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await register(validBody());
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'quad_session');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookie!.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const me = await api(t.app, { method: 'GET', url: '/api/me', cookie: sessionCookie(res) });
    expect(me.json().viewer).toMatchObject({ id: res.json().viewer.id, verified: false });
  });

  it('stores the e-mail lowercase, and treats a differently cased address as the same one', async () => {
    const email = uniqueEmail('Jane.DOE');
    const mixed = email.replace('@example.com', '@Example.COM').replace('jane', 'JANE');
    const res = await register(validBody({ email: `  ${mixed}  ` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().viewer.email).toBe(mixed.toLowerCase());
    const row = await userRow(mixed);
    expect(row!.email).toBe(mixed.toLowerCase());

    const again = await register(validBody({ email: mixed.toUpperCase() }));
    expectError(again, 409, M.emailTaken);
  });

  it('refuses an e-mail that already has an account with 409', async () => {
    const email = uniqueEmail();
    expect((await register(validBody({ email }))).statusCode).toBe(201);
    const res = await register(validBody({ email }));
    expectError(res, 409, M.emailTaken);
    expect(res.json().error.code).toBe('email_taken');
  });
});

describe('names and usernames', () => {
  it('parses "Mary-Kate Olsen" into first name Mary and last name Olsen', async () => {
    const res = await register(validBody({ name: 'Mary-Kate Olsen' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().viewer).toMatchObject({
      firstName: 'Mary',
      lastName: 'Olsen',
      username: 'maryolsen',
    });
    const row = await userRow(res.json().viewer.email);
    expect(row).toMatchObject({ first_name: 'Mary', last_name: 'Olsen', username: 'maryolsen' });
  });

  it('uses the first and last words, dropping middle names, separators and words with digits', async () => {
    const last = uniqueWord();
    const res = await register(validBody({ name: `  Anna, B. Class2025 Maria.${last}  ` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().viewer).toMatchObject({ firstName: 'Anna', lastName: last });
  });

  it('makes the username from first and last name lowercased, then -2, -3 … when taken', async () => {
    const last = uniqueWord();
    const base = `ada${last.toLowerCase()}`;
    const usernames: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await register(validBody({ name: `Ada ${last}` }));
      expect(res.statusCode, res.body).toBe(201);
      usernames.push(res.json().viewer.username);
    }
    expect(usernames).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('keeps only letters and digits in the username (accents folded)', async () => {
    const last = uniqueWord();
    const res = await register(validBody({ name: `José Núñez'${last}` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().viewer.username).toBe(`josenunez${last.toLowerCase()}`);
  });

  it('answers "Name is required." without a name', async () => {
    for (const name of [undefined, '', '   ']) {
      const res = await register(validBody({ name }));
      expectError(res, 400, M.nameRequired);
    }
  });

  it('answers "Full name is required" for fewer than two name words', async () => {
    for (const name of ['Jamie', 'Jamie 2025', ' - . , ', 'Jamie-']) {
      const res = await register(validBody({ name }));
      expectError(res, 400, M.fullNameRequired);
    }
  });
});

describe('e-mail, password and terms', () => {
  it('answers "Email is required." without an e-mail', async () => {
    for (const email of [undefined, '', '   ']) {
      expectError(await register(validBody({ email })), 400, M.emailRequired);
    }
  });

  it('answers "Invalid email address!" for a malformed e-mail', async () => {
    for (const email of [
      'jamie',
      'jamie@',
      'jamie@example',
      'ja mie@example.com',
      '@example.com',
    ]) {
      expectError(await register(validBody({ email })), 400, M.emailInvalid);
    }
  });

  it('answers "Password is required." without a password', async () => {
    for (const password of [undefined, '']) {
      expectError(await register(validBody({ password })), 400, M.passwordRequired);
    }
  });

  it('answers "Password too short." under 8 characters', async () => {
    for (const password of ['a', 'sofa-12', '       ']) {
      expectError(await register(validBody({ password })), 400, M.passwordTooShort);
    }
    expect((await register(validBody({ password: 'sofa-123' }))).statusCode).toBe(201);
  });

  it('answers that a common password is too common, whatever its case', async () => {
    const email = uniqueEmail();
    for (const password of ['password', 'password1', 'Password123', '12345678', 'QWERTYUIOP']) {
      expectError(await register(validBody({ email, password })), 400, M.passwordTooCommon);
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it(`refuses passwords over ${PASSWORD_MAX} characters (the password field's limit)`, async () => {
    const res = await register(validBody({ password: 'a1b2c3d4e5'.repeat(3) + 'x' }));
    expectError(res, 400, `Passwords are at most ${PASSWORD_MAX} characters.`);
    expect((await register(validBody({ password: 'a1b2c3d4e5'.repeat(3) }))).statusCode).toBe(201);
  });

  it('answers "Please accept the Terms of Service." unless terms is true', async () => {
    for (const terms of [undefined, false, 'true', 1]) {
      const email = uniqueEmail();
      expectError(await register(validBody({ email, terms })), 400, M.acceptTerms);
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it('lists every problem, the first field first', async () => {
    const res = await register({});
    expectError(res, 400, M.nameRequired);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.messages).toEqual(
      expect.arrayContaining([M.nameRequired, M.emailRequired, M.passwordRequired, M.acceptTerms]),
    );
  });
});

describe('banned e-mails', () => {
  it('answers 403 "Account has been banned" for an address on the BANNED_EMAILS_FILE list, in any case', async () => {
    for (const email of [BANNED, BANNED.toUpperCase(), ` ${BANNED} `]) {
      const res = await register(validBody({ email }));
      expectError(res, 403, M.banned);
      expect(res.json().error.code).toBe('banned');
      expect(res.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
    }
    expect(await userRow(BANNED)).toBeUndefined();
  });

  it('reads the list as mailboxes: the address with a +tag is as banned', async () => {
    const [local, domain] = BANNED.split('@');
    const res = await register(validBody({ email: `${local}+2@${domain}` }));
    expectError(res, 403, M.banned);
  });

  it('refuses a new account for the mailbox of a student a moderator banned, and lets others sign up', async () => {
    const local = `evader-${randomUUID().slice(0, 8)}`;
    await buildUser(t.db, { email: `${local}@example.com`, banned_at: Date.now() });
    for (const email of [`${local}+2@example.com`, `${local.toUpperCase()}+x@Example.com`]) {
      const res = await register(validBody({ email }));
      expectError(res, 403, M.banned);
      expect(res.json().error.code).toBe('banned');
      expect(await userRow(email.toLowerCase())).toBeUndefined();
    }
    expect((await register(validBody({ email: `${local}2@example.com` }))).statusCode).toBe(201);
  });

  it('does not treat the comment lines of the file as addresses', async () => {
    const res = await register(validBody({ email: uniqueEmail('banned-for-spam') }));
    expect(res.statusCode).toBe(201);
  });
});

describe('campus of a new account', () => {
  it("is the campus of the site's host", async () => {
    const ut = await register(validBody(), { campus: 'ut' });
    expect(ut.statusCode, ut.body).toBe(201);
    expect(ut.json().viewer.campusId).toBe('ut');
    expect((await userRow(ut.json().viewer.email))!.campus_id).toBe('ut');

    const generic = await register(validBody(), { campus: 'campus' });
    expect(generic.json().viewer.campusId).toBe('campus');
  });

  it('is OU on the bare domain or an unknown host', async () => {
    for (const host of ['localhost:3000', 'nowhere.localhost:3000']) {
      const res = await register(validBody(), { headers: { host } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().viewer.campusId).toBe('ou');
    }
  });
});

describe('limits', () => {
  it(`answers 429 after ${LIMITS.register.max} registrations a minute from one address`, async () => {
    const remoteAddress = nextIp();
    for (let i = 0; i < LIMITS.register.max; i++) {
      const res = await api(t.app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: {},
        remoteAddress,
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await api(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: validBody(),
      remoteAddress,
    });
    expectError(limited, 429, M.rateLimited);
    expect(limited.headers['retry-after']).toBeDefined();

    // Another address is not affected.
    expect((await register(validBody())).statusCode).toBe(201);
  });
});

describe('https deployments', () => {
  it('names the cookie __Host-quad_session and marks it Secure', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://quad.example.com' } });
    try {
      const res = await api(secure.app, {
        method: 'POST',
        url: '/api/auth/register',
        payload: validBody(),
        headers: { host: 'ou.quad.example.com' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = res.cookies.find((c) => c.name === '__Host-quad_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
      expect(res.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});
