import { AUTH_MESSAGES as M } from '@common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, sessionCookie, userWithSession } from '../../../test/auth';
import { hashSecret } from './secrets';

/**
 * Moving to another campus site (ADR 036): a single-use token that the other
 * site's confirmation page posts back; a GET never signs in nor ends a session.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
});
afterAll(() => t.close());

async function handoffToken(cookie: string, campus: string): Promise<string> {
  const start = await api(t.app, {
    url: `/api/auth/handoff/start?campus=${campus}`,
    cookie,
    campus: 'campus',
  });
  expect(start.statusCode).toBe(302);
  const url = new URL(start.headers.location as string);
  expect(url.origin).toBe(`http://${campus}.localhost:3000`);
  expect(url.pathname).toBe('/handoff');
  return url.searchParams.get('token')!;
}

const preview = (token: string, campus: string, cookie?: string) =>
  api(t.app, {
    url: `/api/auth/handoff?token=${encodeURIComponent(token)}`,
    campus,
    ...(cookie ? { cookie } : {}),
  });

/** The POST as the confirmation page's button sends it: same origin, no CSRF header. */
const confirm = (token: string, campus: string, origin: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/handoff',
    payload: { token },
    headers: {
      host: `${campus}.localhost:3000`,
      origin,
      ...(cookie ? { cookie } : {}),
    },
  });

const viewerOf = async (cookie: string, campus: string) =>
  (await api(t.app, { url: '/api/me', cookie, campus })).json().viewer as { id: string } | null;

const ut = () => userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ut' });

describe('moving to a campus site', () => {
  it('names the account on GET without signing in or ending the session the browser has', async () => {
    const { user, cookie } = await ut();
    const token = await handoffToken(cookie, 'ut');
    const visitor = await ut();

    const seen = await preview(token, 'ut', visitor.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({
      username: user.username,
      name: `${user.first_name} ${user.last_name[0]!.toUpperCase()}.`,
      campus: 'UT Buy / Sell',
    });
    expect(seen.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
    expect((await viewerOf(visitor.cookie, 'ut'))?.id).toBe(visitor.user.id);

    // The token was not used by looking: the confirmation still works.
    const done = await confirm(token, 'ut', 'http://ut.localhost:3000');
    expect(done.statusCode, done.body).toBe(200);
    expect((await viewerOf(sessionCookie(done), 'ut'))?.id).toBe(user.id);
  });

  it('signs in on a same-origin POST, once', async () => {
    const { user, cookie } = await ut();
    const token = await handoffToken(cookie, 'ut');
    const done = await confirm(token, 'ut', 'http://ut.localhost:3000');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().viewer.id).toBe(user.id);
    expect((await viewerOf(sessionCookie(done), 'ut'))?.id).toBe(user.id);

    const again = await confirm(token, 'ut', 'http://ut.localhost:3000');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'link_expired', message: M.linkExpired });
    expect(again.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
    expect((await preview(token, 'ut')).statusCode).toBe(400);
  });

  it('refuses a cross-origin POST and leaves the token and the session as they were', async () => {
    const { user, cookie } = await ut();
    const token = await handoffToken(cookie, 'ut');
    const visitor = await ut();
    const forged = await confirm(token, 'ut', 'http://evil.example', visitor.cookie);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toEqual({ code: 'cross_origin', message: M.crossOrigin });
    expect(forged.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
    expect((await viewerOf(visitor.cookie, 'ut'))?.id).toBe(visitor.user.id);
    // Another campus site is another origin too.
    const sibling = await confirm(token, 'ut', 'http://ou.localhost:3000');
    expect(sibling.statusCode).toBe(403);
    expect((await preview(token, 'ut')).json().username).toBe(user.username);
  });

  it('refuses a token on another campus host', async () => {
    const { cookie } = await ut();
    const token = await handoffToken(cookie, 'ut');
    expect((await preview(token, 'ou')).statusCode).toBe(400);
    const elsewhere = await confirm(token, 'ou', 'http://ou.localhost:3000');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const { cookie } = await ut();
    const token = await handoffToken(cookie, 'ut');
    await t.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', hashSecret(token))
      .execute();
    expect((await preview(token, 'ut')).statusCode).toBe(400);
    expect((await confirm(token, 'ut', 'http://ut.localhost:3000')).statusCode).toBe(400);
  });

  it('sends a guest to the campus site without a token', async () => {
    const start = await api(t.app, {
      url: '/api/auth/handoff/start?campus=duke',
      campus: 'campus',
    });
    expect(start.headers.location).toBe('http://duke.localhost:3000/home');
  });

  it('stores only the hash of the token', async () => {
    const { cookie } = await ut();
    const token = await handoffToken(cookie, 'smu');
    const rows = await t.db.kysely
      .selectFrom('auth_tokens')
      .select('id')
      .where('purpose', '=', 'handoff')
      .execute();
    expect(rows.map((r) => r.id)).not.toContain(token);
  });
});
