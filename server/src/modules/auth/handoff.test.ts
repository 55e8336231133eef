import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, sessionCookie, userWithSession } from '../../../test/auth';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
});
afterAll(() => t.close());

async function handoffUrl(cookie: string, campus: string): Promise<URL> {
  const start = await api(t.app, {
    url: `/api/auth/handoff/start?campus=${campus}`,
    cookie,
    campus: 'campus',
  });
  expect(start.statusCode).toBe(302);
  return new URL(start.headers.location as string);
}

describe('moving to a campus site keeps the user signed in', () => {
  it('carries the session to the campus host with a single-use token', async () => {
    const { user, cookie } = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'ut',
    });
    const url = await handoffUrl(cookie, 'ut');
    expect(url.origin).toBe('http://ut.localhost:3000');
    expect(url.pathname).toBe('/api/auth/handoff');

    const landed = await api(t.app, { url: url.pathname + url.search, campus: 'ut' });
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/home');
    const me = await api(t.app, { url: '/api/me', cookie: sessionCookie(landed), campus: 'ut' });
    expect(me.json().viewer.id).toBe(user.id);

    const again = await api(t.app, { url: url.pathname + url.search, campus: 'ut' });
    expect(again.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
  });

  it('refuses a token on another campus host', async () => {
    const { cookie } = await userWithSession(t.app, { verified: true });
    const url = await handoffUrl(cookie, 'ut');
    const elsewhere = await api(t.app, { url: url.pathname + url.search, campus: 'ou' });
    expect(elsewhere.headers.location).toBe('/home');
    expect(elsewhere.cookies.find((c) => c.name === 'quad_session')).toBeUndefined();
  });

  it('sends a guest to the campus site without a token', async () => {
    const start = await api(t.app, {
      url: '/api/auth/handoff/start?campus=duke',
      campus: 'campus',
    });
    expect(start.headers.location).toBe('http://duke.localhost:3000/home');
  });

  it('stores only the hash of the token', async () => {
    const { cookie } = await userWithSession(t.app, { verified: true });
    const token = (await handoffUrl(cookie, 'smu')).searchParams.get('token')!;
    const rows = await t.db.kysely
      .selectFrom('auth_tokens')
      .select('id')
      .where('purpose', '=', 'handoff')
      .execute();
    expect(rows.map((r) => r.id)).not.toContain(token);
  });
});
