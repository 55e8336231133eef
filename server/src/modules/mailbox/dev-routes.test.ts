import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@common/messages';
import { api, sessionCookie } from '../../../test/auth';
import { createTestApp, type TestContext } from '../../../test/app';
import { ConfigError, loadConfig } from '../../config';

/**
 * The dev routes beside the dev mailbox (ADR 035): a student made in one step
 * and a periodic job run on demand, for end-to-end tests, on this machine only
 * and only where the mailbox is; and the relaxed rate limits of test servers.
 */

const PASSWORD = 'maroon-bicycle-42';
let n = 0;
const student = (schoolEmail?: string) => ({
  name: 'Casey Morgan',
  email: `casey-${++n}@example.com`,
  password: PASSWORD,
  ...(schoolEmail ? { schoolEmail } : {}),
});

describe('dev students and jobs', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const accountOf = (email: string) =>
    t.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const make = (body: object, remoteAddress = '127.0.0.1', headers = {}) =>
    api(t.app, {
      method: 'POST',
      url: '/dev/students',
      campus: 'ut',
      payload: body,
      remoteAddress,
      headers,
    });

  it('makes a school-verified student of the site, signed in, whose password works', async () => {
    const body = student(`casey-${n + 1}@utexas.edu`);
    const res = await make(body);
    expect(res.statusCode, res.body).toBe(201);
    const me = await api(t.app, { method: 'GET', url: '/api/me', cookie: sessionCookie(res) });
    expect(me.json().viewer).toMatchObject({
      email: body.email,
      campusId: 'ut',
      verified: true,
      schoolVerified: true,
      schoolEmail: body.schoolEmail,
      firstName: 'Casey',
      lastName: 'Morgan',
    });
    const login = await api(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: PASSWORD },
      remoteAddress: '127.0.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('makes a student verified but without a school e-mail when none is given', async () => {
    const res = await make(student());
    expect(res.statusCode, res.body).toBe(201);
    const me = await api(t.app, { method: 'GET', url: '/api/me', cookie: sessionCookie(res) });
    expect(me.json().viewer).toMatchObject({ verified: true, schoolVerified: false });
  });

  it('refuses a school e-mail of another school, and a taken or weak account as the front door does', async () => {
    const other = await make(student('casey@ou.edu'));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe('casey@ou.edu is not an e-mail address of UT');
    const body = student();
    expect((await make(body)).statusCode).toBe(201);
    expect((await make(body)).statusCode).toBe(409);
    expect((await make({ ...student(), password: 'password' })).statusCode).toBe(400);
  });

  it('refuses a school e-mail another account has, in the front door’s words, and makes no one', async () => {
    const school = `casey-${n + 1}@utexas.edu`;
    expect((await make(student(school))).statusCode).toBe(201);
    const again = student(school);
    const res = await make(again);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.schoolEmailTaken);
    expect(await accountOf(again.email)).toBeUndefined();
  });

  it.each([
    ['a neighbour on the network', '192.168.1.23', {}],
    ['a client relayed by a local proxy', '127.0.0.1', { 'x-forwarded-for': '192.168.1.23' }],
  ] as const)('answers %s 404 and makes no one', async (_name, remoteAddress, headers) => {
    const body = student();
    expect((await make(body, remoteAddress, headers)).statusCode).toBe(404);
    const job = await api(t.app, {
      method: 'POST',
      url: '/dev/jobs/did-it-sell',
      payload: {},
      remoteAddress,
      headers,
    });
    expect(job.statusCode).toBe(404);
    expect(await accountOf(body.email)).toBeUndefined();
  });

  it('runs a periodic job now, at the time given, and answers 404 for a job it does not have', async () => {
    const run = (name: string, body: object) =>
      api(t.app, { method: 'POST', url: `/dev/jobs/${name}`, payload: body, remoteAddress: '::1' });
    const asked = await run('did-it-sell', { at: Date.now() });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ result: 0 });
    const swept = await run('orphan-file-sweep', {});
    expect(swept.json()).toEqual({ result: { orphans: 0, parts: 0, temp: 0 } });
    expect((await run('toString', {})).statusCode).toBe(404);
    expect((await run('no-such-job', {})).statusCode).toBe(404);
  });
});

describe('where the dev mailbox is off', () => {
  it('has no dev routes', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      const res = await api(t.app, {
        method: 'POST',
        url: '/dev/students',
        payload: student(),
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('RATE_LIMITS=relaxed', () => {
  it('is refused where the dev mailbox is off', () => {
    for (const env of [
      { SMTP_URL: 'smtp://mail.example.com:587' },
      { BASE_DOMAIN: 'quad.example.com' },
      { DEV_MAILBOX: 'off' },
    ])
      expect(() => loadConfig({ ...env, RATE_LIMITS: 'relaxed' })).toThrow(ConfigError);
    expect(loadConfig({ RATE_LIMITS: 'relaxed' }).rateLimitScale).toBe(100);
    expect(loadConfig({}).rateLimitScale).toBe(1);
  });

  it.each([
    ['on', 429],
    ['relaxed', 404],
  ] as const)(
    'with RATE_LIMITS=%s, the 21st sign-in a minute from one address answers %i',
    async (limits, status) => {
      const t = await createTestApp({ env: { RATE_LIMITS: limits } });
      try {
        const signIn = () =>
          api(t.app, {
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'nobody@example.com', password: PASSWORD },
            remoteAddress: '203.0.113.7',
          });
        // No such account (404) while the limit allows; then the limit's 429.
        for (let i = 0; i < 20; i++) expect((await signIn()).statusCode).toBe(404);
        expect((await signIn()).statusCode).toBe(status);
      } finally {
        await t.close();
      }
    },
  );
});
