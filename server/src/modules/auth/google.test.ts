import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, sessionCookie } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { hashPassword } from './passwords';
import { hashSecret } from './secrets';

/**
 * Google sign-in (docs/product/campuses-and-accounts.md, Sign-in) against a
 * real local OpenID provider: authorization code flow with PKCE, state and
 * nonce.
 */

const CLIENT_ID = 'quad-test-client';

interface GoogleClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

let provider: OAuth2Server;
let t: TestContext;
let bannedDir: string;
const BANNED = `banned-${randomUUID().slice(0, 8)}@gmail.com`;

/** What the provider says about the user signing in next. */
let claims: GoogleClaims;

const nextIp = addressSequence();
const uniqueGmail = (prefix = 'student') => `${prefix}.${randomUUID().slice(0, 10)}@gmail.com`;
const uniqueWord = () =>
  `Z${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

const googleUser = (overrides: Partial<GoogleClaims> = {}): GoogleClaims => ({
  sub: `google-${randomUUID()}`,
  email: uniqueGmail(),
  email_verified: true,
  given_name: 'Gia',
  family_name: uniqueWord(),
  ...overrides,
});

const host = (campus: string) => `${campus}.localhost:3000`;

/** GET /api/auth/google/start, then the provider's consent screen: returns where the provider sends the browser back. */
async function authorize(campus = 'ou', app = t.app): Promise<URL> {
  const start = await app.inject({
    method: 'GET',
    url: '/api/auth/google/start',
    headers: { host: host(campus) },
    remoteAddress: nextIp(),
  });
  expect(start.statusCode, start.body).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.origin).toBe(provider.issuer.url);

  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin).toBe(`http://${host(campus)}`);
  expect(back.pathname).toBe('/api/auth/google/callback');
  expect(back.searchParams.get('code')).toBeTruthy();
  expect(back.searchParams.get('state')).toBeTruthy();
  return back;
}

/** The browser arriving back at Quad's callback on a campus host. */
function callback(back: URL | string, campus = 'ou', app = t.app): Promise<LightMyRequestResponse> {
  const url = typeof back === 'string' ? back : `${back.pathname}${back.search}`;
  return app.inject({
    method: 'GET',
    url,
    headers: { host: host(campus) },
    remoteAddress: nextIp(),
  });
}

/** The whole dance for the given Google account. */
async function signInWithGoogle(who: GoogleClaims, campus = 'ou') {
  claims = who;
  return callback(await authorize(campus), campus);
}

const viewerOf = async (res: LightMyRequestResponse, campus = 'ou') =>
  (await api(t.app, { method: 'GET', url: '/api/me', cookie: sessionCookie(res), campus })).json()
    .viewer;

const usersWithEmail = (email: string) =>
  t.db.kysely.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).execute();

function expectFailure(res: LightMyRequestResponse, key: string) {
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe(`/login?google_error=${key}`);
  expect(res.cookies.find((c) => c.name === 'quad_session' && c.value)).toBeUndefined();
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0);
  // The provider's tokens describe whoever `claims` says is signing in.
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  provider.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { ...claims };
  });

  bannedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-banned-'));
  const file = path.join(bannedDir, 'banned-emails.txt');
  fs.writeFileSync(file, `${BANNED}\n`);
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'quad-test-secret',
      GOOGLE_ISSUER: provider.issuer.url!,
      BANNED_EMAILS_FILE: file,
      PUBLIC_URL: 'http://localhost:3000',
    },
  });
});

afterAll(async () => {
  await t?.close();
  if (provider?.listening) await provider.stop();
  fs.rmSync(bannedDir, { recursive: true, force: true });
});

describe('starting Google sign-in', () => {
  it('says Google sign-in is configured', async () => {
    expect((await api(t.app, { method: 'GET', url: '/api/me' })).json()).toEqual({
      viewer: null,
      google: true,
    });
  });

  it('redirects to the provider with PKCE (S256), state, nonce and the campus callback', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/start',
      headers: { host: host('ut') },
    });
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(url.pathname).toBe('/authorize');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: 'http://ut.localhost:3000/api/auth/google/callback',
      code_challenge_method: 'S256',
    });
    expect(params.scope!.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(params.code_challenge).toBeTruthy();
    expect(params.state).toBeTruthy();
    expect(params.nonce).toBeTruthy();

    // The pending sign-in is stored by the hash of its state only.
    const pending = await t.db.kysely
      .selectFrom('oauth_states')
      .selectAll()
      .where('id', '=', hashSecret(params.state!))
      .executeTakeFirstOrThrow();
    expect(pending.campus_id).toBe('ut');
    expect(JSON.stringify(pending)).not.toContain(params.state);
  });
});

describe('finishing Google sign-in', () => {
  it('creates a new user, already verified, with the Google username rule, and goes to /home', async () => {
    const who = googleUser({ email: uniqueGmail('Gia.NEW').toUpperCase() });
    const res = await signInWithGoogle(who);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/home');
    const cookie = res.cookies.find((c) => c.name === 'quad_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const viewer = await viewerOf(res);
    expect(viewer).toMatchObject({
      email: who.email.toLowerCase(),
      firstName: 'Gia',
      lastName: who.family_name,
      username: `gia${who.family_name!.toLowerCase()}`,
      campusId: 'ou',
      verified: true,
      schoolVerified: false,
      hasPassword: false,
    });
    const [row] = await usersWithEmail(who.email);
    expect(row).toMatchObject({ google_sub: who.sub, password_hash: null, campus_id: 'ou' });
  });

  it('adds -2 to the username when first+last is taken', async () => {
    const last = uniqueWord();
    const base = `gia${last.toLowerCase()}`;
    const first = await signInWithGoogle(googleUser({ family_name: last }));
    const second = await signInWithGoogle(googleUser({ family_name: last }));
    expect((await viewerOf(first)).username).toBe(base);
    expect((await viewerOf(second)).username).toBe(`${base}-2`);
  });

  it('parses the full name when Google sends no given and family names', async () => {
    const last = uniqueWord();
    const res = await signInWithGoogle(
      googleUser({ given_name: undefined, family_name: undefined, name: `Mary-Kate ${last}` }),
    );
    expect(await viewerOf(res)).toMatchObject({
      firstName: 'Mary',
      lastName: last,
      username: `mary${last.toLowerCase()}`,
    });
  });

  it('goes to /search_schools on the generic site, with the user on the generic campus', async () => {
    const who = googleUser();
    const res = await signInWithGoogle(who, 'campus');
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/search_schools');
    expect((await viewerOf(res, 'campus')).campusId).toBe('campus');
  });

  it('signs an existing e-mail in to that account, verifying it and keeping its password', async () => {
    const existing = await buildUser(t.db, {
      email: uniqueGmail('existing'),
      verified: false,
      password_hash: await hashPassword('correct-horse-battery', 10),
      first_name: 'Ana',
      last_name: 'Lopez',
    });
    const res = await signInWithGoogle(
      googleUser({ email: existing.email.toUpperCase(), given_name: 'Other', family_name: 'Name' }),
    );
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/home');
    expect(await viewerOf(res)).toMatchObject({
      id: existing.id,
      firstName: 'Ana',
      lastName: 'Lopez',
      username: existing.username,
      verified: true,
      hasPassword: true,
    });
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
  });

  it('signs a returning Google user in to the same account', async () => {
    const who = googleUser();
    const first = await signInWithGoogle(who);
    const second = await signInWithGoogle(who);
    expect(second.headers.location).toBe('/home');
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
    expect((await viewerOf(second)).id).toBe((await viewerOf(first)).id);
    expect(await usersWithEmail(who.email)).toHaveLength(1);
  });

  it('refuses a banned e-mail: /login?google_error=banned', async () => {
    const res = await signInWithGoogle(googleUser({ email: BANNED.toUpperCase() }));
    expectFailure(res, 'banned');
    expect(await usersWithEmail(BANNED)).toHaveLength(0);
  });

  it("refuses a new account for a banned student's mailbox (+tag), and no account is made", async () => {
    const evader = uniqueGmail('evader').toLowerCase();
    await buildUser(t.db, { email: evader, banned_at: Date.now() });
    const tagged = evader.replace('@', '+again@');
    expectFailure(await signInWithGoogle(googleUser({ email: tagged })), 'banned');
    expect(await usersWithEmail(tagged)).toHaveLength(0);
  });

  it('refuses an e-mail Google has not verified: google_error=notFound', async () => {
    const who = googleUser({ email_verified: false });
    expectFailure(await signInWithGoogle(who), 'notFound');
    expect(await usersWithEmail(who.email)).toHaveLength(0);
  });

  it('refuses a reused state: google_error=invalidCredential', async () => {
    claims = googleUser();
    const back = await authorize();
    expect((await callback(back)).headers.location).toBe('/home');
    expectFailure(await callback(back), 'invalidCredential');
  });

  it('refuses an unknown or missing state: google_error=invalidCredential', async () => {
    claims = googleUser();
    const back = await authorize();
    back.searchParams.set('state', randomUUID());
    expectFailure(await callback(back), 'invalidCredential');
    expectFailure(await callback('/api/auth/google/callback?code=abc'), 'invalidCredential');
    expectFailure(await callback('/api/auth/google/callback'), 'invalidCredential');
    expect(await usersWithEmail(claims.email)).toHaveLength(0);
  });

  it('refuses a state started on another campus site', async () => {
    claims = googleUser();
    const back = await authorize('ut');
    expectFailure(await callback(back, 'ou'), 'invalidCredential');
  });

  it('refuses an expired pending sign-in', async () => {
    claims = googleUser();
    const back = await authorize();
    await t.db.kysely
      .updateTable('oauth_states')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', hashSecret(back.searchParams.get('state')!))
      .execute();
    expectFailure(await callback(back), 'invalidCredential');
  });

  it('refuses a code the provider did not issue', async () => {
    claims = googleUser();
    const back = await authorize();
    back.searchParams.set('code', randomUUID());
    expectFailure(await callback(back), 'invalidCredential');
    expect(await usersWithEmail(claims.email)).toHaveLength(0);
  });

  it('reports a cancelled consent (error=access_denied) as google_error=canceled, and forgets the pending sign-in', async () => {
    const started = await authorize();
    const state = started.searchParams.get('state')!;
    const pending = () =>
      t.db.kysely
        .selectFrom('oauth_states')
        .select('id')
        .where('id', '=', hashSecret(state))
        .executeTakeFirst();
    expect(await pending()).toBeDefined();
    expectFailure(
      await callback(
        `/api/auth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`,
      ),
      'canceled',
    );
    expect(await pending()).toBeUndefined();
    expectFailure(await callback('/api/auth/google/callback?error=server_error'), 'unknown');
  });
});

describe('without Google configured', () => {
  it('says google: false, and the routes send the browser back to the login page', async () => {
    const plain = await createTestApp();
    try {
      expect((await api(plain.app, { method: 'GET', url: '/api/me' })).json()).toEqual({
        viewer: null,
        google: false,
      });
      const start = await plain.app.inject({
        method: 'GET',
        url: '/api/auth/google/start',
        headers: { host: host('ou') },
      });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/login?google_error=unknown');
      const back = await plain.app.inject({
        method: 'GET',
        url: '/api/auth/google/callback?code=abc&state=def',
        headers: { host: host('ou') },
      });
      expect(back.headers.location).toBe('/login?google_error=unknown');
    } finally {
      await plain.close();
    }
  });

  it('reports an unreachable provider as google_error=network', async () => {
    // A port that was just free: nothing listens there.
    const closed = new OAuth2Server();
    await closed.start(0, '127.0.0.1');
    const port = closed.address().port;
    await closed.stop();
    const offline = await createTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: `http://127.0.0.1:${port}` },
    });
    try {
      const start = await offline.app.inject({
        method: 'GET',
        url: '/api/auth/google/start',
        headers: { host: host('ou') },
      });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/login?google_error=network');
    } finally {
      await offline.close();
    }
  });
});
