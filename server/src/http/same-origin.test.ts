import { AUTH_MESSAGES as M } from '@common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { userWithSession } from '../../test/auth';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (cookie: string) =>
  (
    await t.app.inject({ url: '/api/me', headers: { host: 'ou.localhost:3000', cookie } })
  ).json() as { viewer: { id: string } | null };

describe('same-origin check on the route as matched', () => {
  // Spellings of /api/auth/logout: the router decodes the first two (403), the others match no route (404).
  it.each([
    ['/%61pi/auth/logout', 403],
    ['/api/auth/%6Cogout', 403],
    ['/api//auth/logout', 404],
    ['/API/auth/logout', 404],
  ])('refuses a cross-site POST %s (%i), so the session survives', async (url, status) => {
    const { user, cookie } = await userWithSession(t.app, { verified: true });
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: 'x',
      headers: {
        host: 'ou.localhost:3000',
        origin: 'https://evil.example.com',
        'content-type': 'text/plain',
        cookie,
      },
    });
    expect(res.statusCode).toBe(status);
    if (status === 403)
      expect(res.json()).toEqual({ error: { code: 'cross_origin', message: M.crossOrigin } });
    expect((await me(cookie)).viewer?.id).toBe(user.id);
  });

  it('still lets this site sign out through the encoded path', async () => {
    const { cookie } = await userWithSession(t.app, { verified: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      payload: {},
      headers: { host: 'ou.localhost:3000', origin: 'http://ou.localhost:3000', cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(cookie)).viewer).toBeNull();
  });
});
