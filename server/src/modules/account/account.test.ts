import fs from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES } from '@common/messages';
import { birthYearOptions, ACCOUNT_MESSAGES as M } from '@common/schemas/account';
import { isReservedUsername } from '@common/text';
import { WEB_ROUTES } from '@common/web-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, callerOn, sessionCookie, userWithSession } from '../../../test/auth';
import { animatedGif, phoneJpeg, solidImage } from '../../../test/media-fixtures';
import { MULTIPART_TYPE, multipart } from '../../../test/multipart';
import { LIMITS } from '../../core/limits';
import { hashPassword } from '../auth/passwords';
import { birthDateColumns } from './account.rules';

/** Account settings (docs/product/campuses-and-accounts.md, Account settings). */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ou', '198.41');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou', ...overrides });

const send = (who: Student | null, method: 'PUT' | 'PATCH', url: string, payload: object) =>
  api(t.app, { method, url, payload, ...(who ? { cookie: who.cookie } : {}) });
const errorOf = (res: { json(): { error: { message: string } } }) => res.json().error.message;

describe('username', () => {
  it('is stored lower case; "That username has been taken."; reserved names and bad characters refused', async () => {
    const jane = await student();
    const other = await student();
    const ok = await send(jane, 'PUT', '/api/me/username', { username: 'Jane.Sells' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      viewer: { username: 'jane.sells' },
      message: M.accountUpdated,
    });

    const taken = await send(other, 'PUT', '/api/me/username', { username: 'JANE.SELLS' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(M.usernameTaken);
    for (const [username, message] of [
      ['settings', M.usernameReserved],
      ['search', M.usernameReserved],
      ['jane doe', M.usernameRules],
      ['x'.repeat(51), M.usernameRules],
      ['', M.usernameRules],
    ]) {
      const res = await send(other, 'PUT', '/api/me/username', { username });
      expect(res.statusCode, username).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('refuses every top-level path of the web app and the server, and names that look like files (ADR 037)', async () => {
    const pages = ['moderation', 'reset_password', 'saved', 'notifications'];
    const server = ['metrics', 'healthz', 'api', 'uploads'];
    const files = ['index.html', 'robots.txt', 'app.js', 'favicon.svg'];
    // Refused attempts count toward the limit too: a student for each group.
    for (const names of [pages, server, files]) {
      const jane = await student();
      for (const username of names) {
        const res = await call(jane, 'PUT', '/api/me/username', { username });
        expect(res.statusCode, username).toBe(400);
        expect(errorOf(res)).toBe(M.usernameReserved);
      }
    }
    // A dot that ends no file name is a name like any other.
    const jane = await student();
    const ok = await call(jane, 'PUT', '/api/me/username', { username: `jane.${Date.now()}x` });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('reserves the first segment of every path the server registers and every page of the app', async () => {
    // Every optional route on: metrics beside the dev mailbox a test server has.
    const full = await createTestApp({ env: { METRICS: 'on', METRICS_TOKEN: 'm'.repeat(32) } });
    const urls = full.app.routeList.map((r) => r.url);
    await full.close();
    const first = (url: string) => url.split('/')[1] ?? '';
    const segments = [...urls, ...WEB_ROUTES]
      .map(first)
      .filter((s) => s !== '' && !s.startsWith(':') && !s.startsWith('*'));
    expect(segments).toEqual(expect.arrayContaining(['metrics', 'dev', 'healthz', 'moderation']));
    for (const segment of new Set(segments))
      expect(isReservedUsername(segment.toLowerCase()), segment).toBe(true);
  });

  it('may change only so often: past the limit the student is answered 429 from any address', async () => {
    const jane = await student();
    for (let i = 0; i < LIMITS.username.max; i++) {
      const res = await call(jane, 'PUT', '/api/me/username', {
        username: `jane-${i}-${jane.user.id}`.slice(0, 50),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await call(jane, 'PUT', '/api/me/username', {
      username: `jane-${jane.user.id}`.slice(0, 50),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limited',
      message: AUTH_MESSAGES.rateLimited,
    });
    expect(
      (
        await call(await student(), 'PUT', '/api/me/username', {
          username: `free-${jane.user.id}`.slice(0, 50),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps old links for 30 days: the old name leads to the student and is not free to others', async () => {
    const jane = await student();
    const other = await student();
    const viewer = await student();
    const old = jane.user.username;
    await send(jane, 'PUT', '/api/me/username', { username: `${old}-new` });
    const profile = await call(viewer, 'GET', `/api/users/${old}`);
    expect(profile.json()).toMatchObject({ id: jane.user.id, username: `${old}-new` });
    const grab = await send(other, 'PUT', '/api/me/username', { username: old });
    expect(errorOf(grab)).toBe(M.usernameTaken);
    // Its student may take it back.
    const back = await send(jane, 'PUT', '/api/me/username', { username: old });
    expect(back.statusCode).toBe(200);
    // After 30 days it is free.
    await t.db.kysely
      .updateTable('old_usernames')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const later = await send(other, 'PUT', '/api/me/username', { username: `${old}-new` });
    expect(later.statusCode).toBe(200);
  });

  it('gives one of two concurrent claims the name and the other "That username has been taken."', async () => {
    const a = await student();
    const b = await student();
    const name = `race-${Date.now()}`;
    const results = await Promise.all(
      [a, b].map((who) => send(who, 'PUT', '/api/me/username', { username: name })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', name)
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe('password', () => {
  it('checks in order with its messages', async () => {
    const jane = await student({ password_hash: await hashPassword('old-password-1', 10) });
    const cases: [object, string][] = [
      [{ password: 'brand-new-pass-2', password2: 'brand-new-pass-2' }, M.currentPasswordRequired],
      [{ currentPassword: 'old-password-1', password2: 'x' }, M.newPasswordRequired],
      [{ currentPassword: 'old-password-1', password: 'brand-new-pass-2' }, M.reenterPassword],
      [
        { currentPassword: 'old-password-1', password: 'brand-new-pass-2', password2: 'other-3' },
        M.passwordsDoNotMatch,
      ],
      [
        {
          currentPassword: 'wrong-password',
          password: 'brand-new-pass-2',
          password2: 'brand-new-pass-2',
        },
        M.currentPasswordWrong,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await send(jane, 'PUT', '/api/me/password', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('changes it and ends every other session, keeping this one', async () => {
    const jane = await student({ password_hash: await hashPassword('old-password-1', 10) });
    const login = await api(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: jane.user.email, password: 'old-password-1' },
    });
    const otherDevice = sessionCookie(login);
    const res = await send(jane, 'PUT', '/api/me/password', {
      currentPassword: 'old-password-1',
      password: 'brand-new-pass-2',
      password2: 'brand-new-pass-2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = (cookie: string) => api(t.app, { method: 'GET', url: '/api/me', cookie });
    expect((await me(jane.cookie)).json().viewer.id).toBe(jane.user.id);
    expect((await me(otherDevice)).json().viewer).toBeNull();
    const again = await api(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: jane.user.email, password: 'brand-new-pass-2' },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('phone, gender, birth date, e-mail alerts', () => {
  it('stores a phone in E.164, refuses one that is not a number', async () => {
    const jane = await student();
    const ok = await send(jane, 'PATCH', '/api/me/account', { phone: '(405) 555-0123' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      viewer: { phone: '+14055550123' },
      message: M.accountUpdated,
    });
    const bad = await send(jane, 'PATCH', '/api/me/account', { phone: '12' });
    expect(errorOf(bad)).toBe(M.invalidPhone);
    const long = await send(jane, 'PATCH', '/api/me/account', { phone: '1'.repeat(21) });
    expect(errorOf(long)).toBe(M.phoneTooLong);
    const cleared = await send(jane, 'PATCH', '/api/me/account', { phone: null });
    expect(cleared.json().viewer.phone).toBeNull();
  });

  it('takes a gender of the three and a real birth date at least 16 years ago', async () => {
    const jane = await student();
    const ok = await send(jane, 'PATCH', '/api/me/account', {
      gender: 'female',
      birthDate: { year: 2001, month: 2, day: 28 },
    });
    expect(ok.json().viewer).toMatchObject({
      gender: 'female',
      birthDate: { year: 2001, month: 2, day: 28 },
    });
    const cases: [object, string][] = [
      [{ birthDate: { year: 2001, month: null, day: 3 } }, M.fillAllFields],
      [{ birthDate: { year: 2001, month: 2, day: 30 } }, M.notARealDate],
      [{ birthDate: { year: new Date().getUTCFullYear() - 5, month: 1, day: 1 } }, M.tooYoung],
      [{ birthDate: { year: new Date().getUTCFullYear() - 14, month: 1, day: 1 } }, M.tooYoung],
    ];
    for (const [payload, message] of cases) {
      const res = await send(jane, 'PATCH', '/api/me/account', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await send(jane, 'PATCH', '/api/me/account', { gender: 'robot' })).statusCode).toBe(
      400,
    );
    const off = await send(jane, 'PATCH', '/api/me/account', { emailNotifications: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().viewer.emailNotifications).toBe(false);
    const row = await t.db.kysely
      .selectFrom('users')
      .select('email_notifications')
      .where('id', '=', jane.user.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.email_notifications)).toBe(false);
    expect((await send(null, 'PATCH', '/api/me/account', { gender: 'male' })).statusCode).toBe(401);
  });

  it('counts 16 years, the Terms of Service minimum age, to the day', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(birthDateColumns({ year: 2010, month: 11, day: 23 }, now).birth_year).toBe(2010);
    expect(() => birthDateColumns({ year: 2010, month: 11, day: 24 }, now)).toThrow(M.tooYoung);
    expect(() => birthDateColumns({ year: 2013, month: 1, day: 1 }, now)).toThrow(
      'You must be at least 16 years old to use Quad.',
    );
  });

  it('accepts every year of the birth-year list, and refuses the year after its first', () => {
    const now = Date.UTC(2026, 10, 23);
    const years = birthYearOptions(new Date(now), undefined);
    for (const year of years)
      expect(birthDateColumns({ year, month: 1, day: 1 }, now).birth_year).toBe(year);
    expect(() => birthDateColumns({ year: years[0]! + 1, month: 1, day: 1 }, now)).toThrow(
      M.tooYoung,
    );
  });
});

describe('e-mail change', () => {
  const codeIn = async (to: string) => {
    const row = await t.db.kysely
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', to)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return row.subject.slice(0, 4);
  };

  it('sends a code to the new address and changes it only with that code; the old address is told', async () => {
    const jane = await student({
      email: `jane-${Date.now()}@example.com`,
      password_hash: await hashPassword('old-password-1', 10),
    });
    const other = await student();
    const next = `new-${Date.now()}@example.com`;
    const currentPassword = 'old-password-1';
    const same = await send(jane, 'PUT', '/api/me/email', {
      email: jane.user.email.toUpperCase(),
      currentPassword,
    });
    expect(errorOf(same)).toBe(M.emailSame);
    const taken = await send(jane, 'PUT', '/api/me/email', {
      email: other.user.email,
      currentPassword,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(M.emailTaken);

    const sent = await send(jane, 'PUT', '/api/me/email', { email: next, currentPassword });
    expect(sent.json()).toMatchObject({ sent: true, email: next });
    const code = await codeIn(next);
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/api/me/email/verify',
      cookie: jane.cookie,
      payload: { email: next, code: code === '1111' ? '2222' : '1111' },
    });
    expect(wrong.statusCode).toBe(400);
    const me = await api(t.app, { method: 'GET', url: '/api/me', cookie: jane.cookie });
    expect(me.json().viewer.email).toBe(jane.user.email);

    const ok = await api(t.app, {
      method: 'POST',
      url: '/api/me/email/verify',
      cookie: jane.cookie,
      payload: { email: next, code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ viewer: { email: next }, message: M.accountUpdated });
    const told = await t.db.kysely
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', jane.user.email)
      .executeTakeFirstOrThrow();
    expect(told.text).toContain(next);
  });
});

describe('deleting the account', () => {
  it('needs the password, then leaves nothing of the student and redoes others’ counts', async () => {
    const jane = await student({ password_hash: await hashPassword('old-password-1', 10) });
    const sam = await student();
    const own = (await call(jane, 'POST', '/api/posts', { text: 'My lamp' })).json();
    await call(sam, 'POST', '/api/posts', { text: 'Nice', parentId: own.id });
    const theirs = (await call(sam, 'POST', '/api/posts', { text: 'Sam desk' })).json();
    const comment = (
      await call(jane, 'POST', '/api/posts', { text: 'Hi', parentId: theirs.id })
    ).json();
    await call(sam, 'POST', '/api/posts', { text: 'Reply', parentId: comment.id });
    await call(sam, 'POST', '/api/posts', { text: 'Stays', parentId: theirs.id });
    await call(jane, 'PUT', `/api/posts/${theirs.id}/like`);
    await call(jane, 'POST', '/api/chats', { userId: sam.user.id });

    const del = (password: string) =>
      api(t.app, { method: 'DELETE', url: '/api/me', cookie: jane.cookie, payload: { password } });
    expect(errorOf(await del(''))).toBe(M.passwordRequiredToDelete);
    expect(errorOf(await del('wrong-password'))).toBe(M.currentPasswordWrong);
    const ok = await del('old-password-1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: M.accountDeleted });

    const k = t.db.kysely;
    const left = async (table: 'posts' | 'likes' | 'chats' | 'sessions' | 'notifications') =>
      (await k.selectFrom(table).selectAll().execute()).filter((row) =>
        JSON.stringify(row).includes(jane.user.id),
      );
    for (const table of ['posts', 'likes', 'chats', 'sessions', 'notifications'] as const) {
      expect(await left(table), table).toEqual([]);
    }
    expect(await k.selectFrom('posts').select('id').where('id', '=', own.id).execute()).toEqual([]);
    const after = await k
      .selectFrom('posts')
      .select(['comment_count', 'like_count'])
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ comment_count: 1, like_count: 0 });
    const me = await api(t.app, { method: 'GET', url: '/api/me', cookie: jane.cookie });
    expect(me.json().viewer).toBeNull();
    // The e-mail is free again.
    const again = await api(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Jane Again',
        email: jane.user.email,
        password: 'brand-new-pass-2',
        terms: true,
      },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  /** Every file of the data directory's media store (the files behind /uploads/*). */
  const mediaFiles = () =>
    new Set(
      fs
        .readdirSync(path.join(t.dataDir, 'media'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(t.dataDir, path.join(entry.parentPath, entry.name))),
    );
  /** The files that appeared in the store while `act` ran. */
  async function filesMadeBy(act: () => Promise<void>): Promise<string[]> {
    const before = mediaFiles();
    await act();
    return [...mediaFiles()].filter((file) => !before.has(file));
  }
  const upload = async (who: Student, data: Buffer, filename = 'photo.png', type = 'image/png') => {
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/uploads',
      cookie: who.cookie,
      payload: multipart([{ filename, type, data }]),
      headers: { 'content-type': MULTIPART_TYPE },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const setAvatar = async (who: Student) => {
    const res = await api(t.app, {
      method: 'PUT',
      url: '/api/me/avatar',
      cookie: who.cookie,
      payload: multipart([{ filename: 'me.gif', type: 'image/gif', data: await animatedGif() }]),
      headers: { 'content-type': MULTIPART_TYPE },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const created = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(201);
  };

  it('deletes the student’s files from the media store: post photos, profile photo, chat photo, unused uploads', async () => {
    const jane = await student({ password_hash: await hashPassword('old-password-1', 10) });
    const sam = await student();
    const chat = (await call(sam, 'POST', '/api/chats', { userId: jane.user.id })).json().chat;

    const samsFiles = await filesMadeBy(async () => {
      const photo = await upload(sam, await solidImage(60, 40, 'png', '#2255aa'));
      created(await call(sam, 'POST', '/api/posts', { text: 'Sam bike', mediaIds: [photo] }));
      await setAvatar(sam);
    });
    const janesFiles = await filesMadeBy(async () => {
      const photos = [
        await upload(jane, await phoneJpeg(320, 240), 'lamp.jpg', 'image/jpeg'),
        await upload(jane, await solidImage(50, 50, 'png', '#aa3311')),
      ];
      created(await call(jane, 'POST', '/api/posts', { text: 'My lamp', mediaIds: photos }));
      await setAvatar(jane);
      const chatPhoto = await upload(jane, await solidImage(30, 30, 'png', '#11aa33'));
      created(
        await call(jane, 'POST', `/api/chats/${chat.id}/messages`, { mediaIds: [chatPhoto] }),
      );
      // An upload no post took yet.
      await upload(jane, await solidImage(20, 20, 'png', '#777777'));
    });
    // Each photo is stored with its variants: 2 post photos, 1 chat photo, 1 unused, 1 avatar at least.
    expect(janesFiles.length).toBeGreaterThanOrEqual(5);
    expect(janesFiles.some((file) => file.includes('avatars'))).toBe(true);
    expect(samsFiles.length).toBeGreaterThanOrEqual(2);

    const res = await api(t.app, {
      method: 'DELETE',
      url: '/api/me',
      cookie: jane.cookie,
      payload: { password: 'old-password-1' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // The files go after the commit.
    await expect
      .poll(() => janesFiles.filter((file) => mediaFiles().has(file)), { timeout: 5000 })
      .toEqual([]);
    expect(samsFiles.filter((file) => !mediaFiles().has(file))).toEqual([]);
  });
});
