import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import type { Me, Viewer } from '@common/schemas/auth';
import {
  launchBrowser,
  maybeScreenshot,
  openPage,
  type RunningServer,
  startServer,
} from './harness';

/**
 * Google sign-in in a real browser (docs/product/campuses-and-accounts.md,
 * Sign-in): a real local OpenID provider stands in for Google, and the browser
 * goes through its authorization endpoint and back to Quad's callback.
 */

interface GoogleClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

const SCHOOL_EMAIL_PATH = '/settings/account/school_email';

let provider: OAuth2Server;
let server: RunningServer;
let plain: RunningServer;
let browser: Browser;
let bannedDir: string;

const tag = () => randomUUID().slice(0, 8);
const BANNED = `banned-${tag()}@gmail.com`;
const uniqueGmail = (prefix = 'student') => `${prefix}.${tag()}@gmail.com`;
/** A last name of letters only, so the username rule is easy to predict. */
const uniqueWord = () =>
  `Z${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

/** What the provider says about whoever signs in next. */
let claims: GoogleClaims;
/** When set, the provider sends the browser back with this error instead of a code. */
let authorizeError: string | undefined;

const googleUser = (overrides: Partial<GoogleClaims> = {}): GoogleClaims => ({
  sub: `google-${randomUUID()}`,
  email: uniqueGmail(),
  email_verified: true,
  given_name: 'Gia',
  family_name: uniqueWord(),
  ...overrides,
});

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  // On 127.0.0.1, so the browser reaches the provider's authorization endpoint too.
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    if (!authorizeError) return;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', authorizeError);
  });
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  provider.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { ...claims };
  });

  bannedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-e2e-banned-'));
  const bannedFile = path.join(bannedDir, 'banned-emails.txt');
  fs.writeFileSync(bannedFile, `${BANNED}\n`);

  [server, plain, browser] = await Promise.all([
    startServer({
      GOOGLE_CLIENT_ID: 'quad-e2e-client',
      GOOGLE_CLIENT_SECRET: 'quad-e2e-secret',
      GOOGLE_ISSUER: provider.issuer.url!,
      BANNED_EMAILS_FILE: bannedFile,
    }),
    // Google sign-in off: no client id, whatever the environment says.
    startServer({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), plain?.stop()]);
  if (provider?.listening) await provider.stop();
  if (bannedDir) fs.rmSync(bannedDir, { recursive: true, force: true });
});

const pathname = (page: Page) => new URL(page.url()).pathname;

/** Every page the browser was sent to, redirects included. */
function recordNavigations(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      seen.push(new URL(request.url()));
  });
  return seen;
}

/** The session the page's cookies carry (GET /api/me from the page, on its own site). */
async function meOf(page: Page): Promise<Me> {
  return page.evaluate(async () => {
    const res = await fetch('/api/me');
    if (!res.ok) throw new Error(`GET /api/me: ${res.status}`);
    return (await res.json()) as Me;
  });
}

/** An e-mail sign-up on the OU site, made from a browser of its own (as the register page would). */
async function registerOnOu(body: Record<string, unknown>): Promise<Viewer> {
  const { context, page } = await openPage(browser);
  try {
    await page.goto(server.url('ou', '/settings'));
    const { status, json } = await page.evaluate(async (payload) => {
      const res = await fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
        body: JSON.stringify(payload),
      });
      return { status: res.status, json: (await res.json()) as { viewer: Viewer } };
    }, body);
    expect(status).toBe(201);
    return json.viewer;
  } finally {
    await context.close();
  }
}

const dangerAlert = (page: Page, msg: string) => page.getByRole('alert').filter({ hasText: msg });
const googleButton = (page: Page) =>
  page.getByRole('button', { name: MESSAGES.signIn.continueWithGoogle });

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** Signed in = the avatar dropdown offers the signed-in items. */
async function expectSignedIn(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: MESSAGES.signIn.mySaved }).waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
}

/** The browser went to the provider's authorization endpoint and came back to Quad's callback. */
function expectProviderDance(navigations: URL[], site: string) {
  const toProvider = navigations.findIndex(
    (u) => u.origin === provider.issuer.url && u.pathname === '/authorize',
  );
  expect(toProvider, navigations.join('\n')).toBeGreaterThanOrEqual(0);
  const authorize = navigations[toProvider]!;
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(
    new URL('/api/auth/google/callback', site).href,
  );
  const back = navigations
    .slice(toProvider + 1)
    .find((u) => u.origin === new URL(site).origin && u.pathname === '/api/auth/google/callback');
  expect(back, navigations.join('\n')).toBeDefined();
  expect(back!.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
}

describe('Google sign-up', () => {
  it('from /user_registration: a new user comes back signed in and verified, named first+last', async () => {
    const who = googleUser({ email: uniqueGmail('Gia.NEW').toUpperCase() });
    claims = who;
    const { context, page, errors } = await openPage(browser);
    const navigations = recordNavigations(page);
    await page.goto(server.url('ou', '/user_registration'));
    await page.getByText(MESSAGES.logInSignUp).first().waitFor();
    await page.getByText(MESSAGES.takesSeconds).first().waitFor();
    await page.getByRole('link', { name: MESSAGES.continueWithEmail }).waitFor();
    await maybeScreenshot(page, 'google-user-registration');
    await googleButton(page).click();

    // Verified at once: home, then (no school e-mail yet on a campus site) the school e-mail page.
    await expect.poll(() => pathname(page)).toBe(SCHOOL_EMAIL_PATH);
    expectProviderDance(navigations, server.url('ou'));
    const landed = navigations.filter((u) => u.origin === new URL(server.url('ou')).origin);
    expect(landed.map((u) => u.pathname)).toContain('/home');
    expect(landed.map((u) => u.pathname)).not.toContain('/verify');
    expect(pathname(page)).not.toBe('/verify');

    const { viewer } = await meOf(page);
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
    await expectSignedIn(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('from /login on the generic site: goes to /search_schools, and a taken first+last gets -2', async () => {
    const last = uniqueWord();
    const base = `gia${last.toLowerCase()}`;
    const usernames: string[] = [];
    for (const who of [googleUser({ family_name: last }), googleUser({ family_name: last })]) {
      claims = who;
      const { context, page, errors } = await openPage(browser);
      const navigations = recordNavigations(page);
      await page.goto(server.url('campus', '/login'));
      await page.getByLabel('Email').waitFor();
      await googleButton(page).click();
      await expect.poll(() => pathname(page)).toBe('/search_schools');
      expectProviderDance(navigations, server.url('campus'));
      expect(navigations.map((u) => u.pathname)).not.toContain('/verify');
      const { viewer } = await meOf(page);
      expect(viewer).toMatchObject({ email: who.email, campusId: 'campus', verified: true });
      usernames.push(viewer!.username);
      await expectSignedIn(page);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(usernames).toEqual([base, `${base}-2`]);
  });

  it('signs an existing e-mail account in to that same account, from the account dropdown', async () => {
    const email = uniqueGmail('existing');
    const password = `harbor-${tag()}-42`;
    const existing = await registerOnOu({ name: 'Ana Lopez', email, password, terms: true });
    expect(existing.verified).toBe(false);
    claims = googleUser({ email: email.toUpperCase(), given_name: 'Other', family_name: 'Name' });

    const { context, page, errors } = await openPage(browser);
    const navigations = recordNavigations(page);
    await page.goto(server.url('ou', '/home'));
    const menu = await openAccountMenu(page);
    await menu.getByText(MESSAGES.takesSeconds).waitFor();
    await menu.getByRole('menuitem', { name: MESSAGES.continueWithEmail }).waitFor();
    await maybeScreenshot(page, 'google-account-menu');
    await menu.getByRole('menuitem', { name: MESSAGES.signIn.continueWithGoogle }).click();

    await expect.poll(() => pathname(page)).toBe(SCHOOL_EMAIL_PATH);
    expectProviderDance(navigations, server.url('ou'));
    expect(navigations.map((u) => u.pathname)).not.toContain('/verify');
    const { viewer } = await meOf(page);
    expect(viewer).toMatchObject({
      id: existing.id,
      username: existing.username,
      firstName: 'Ana',
      lastName: 'Lopez',
      email,
      verified: true,
      hasPassword: true,
    });
    await expectSignedIn(page);
    // Still the same account, with its password.
    const login = await fetch(server.url('bare', '/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { viewer: Viewer }).viewer.id).toBe(existing.id);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Google sign-in errors', () => {
  it('refuses a banned e-mail with "Account has been banned" on the login page', async () => {
    claims = googleUser({ email: BANNED.toUpperCase() });
    const { context, page, errors } = await openPage(browser);
    await page.goto(server.url('ou', '/user_registration'));
    await googleButton(page).click();
    await dangerAlert(page, AUTH_MESSAGES.banned).waitFor();
    expect(pathname(page)).toBe('/login');
    // Shown once: the error is dropped from the address.
    await expect.poll(() => new URL(page.url()).searchParams.has('google_error')).toBe(false);
    await maybeScreenshot(page, 'google-banned');
    expect((await meOf(page)).viewer).toBeNull();
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports a cancelled consent as "Error: Sign-in process was canceled"', async () => {
    claims = googleUser();
    authorizeError = 'access_denied';
    try {
      const { context, page, errors } = await openPage(browser);
      const navigations = recordNavigations(page);
      await page.goto(server.url('ou', '/login'));
      await googleButton(page).click();
      await dangerAlert(page, AUTH_MESSAGES.google.canceled).waitFor();
      expect(pathname(page)).toBe('/login');
      const back = navigations.find((u) => u.pathname === '/api/auth/google/callback');
      expect(back?.searchParams.get('error')).toBe('access_denied');
      expect((await meOf(page)).viewer).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      authorizeError = undefined;
    }
  });
});

describe('Google sign-in switched off', () => {
  it('shows no Google button on /login, /user_registration or in the account dropdown', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(plain.url('ou', '/login'));
    await page.getByLabel('Email').waitFor();
    await page.getByRole('button', { name: MESSAGES.signIn.emailMeALink }).waitFor();
    expect((await meOf(page)).google).toBe(false);
    expect(await page.getByText(MESSAGES.signIn.continueWithGoogle).count()).toBe(0);

    await page.goto(plain.url('ou', '/user_registration'));
    await page.getByRole('link', { name: MESSAGES.continueWithEmail }).waitFor();
    expect(await page.getByText(MESSAGES.signIn.continueWithGoogle).count()).toBe(0);

    await page.goto(plain.url('ou', '/home'));
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: MESSAGES.continueWithEmail }).waitFor();
    expect(await menu.getByText(MESSAGES.signIn.continueWithGoogle).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with a client id the same three places offer it', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(server.url('ou', '/login'));
    await googleButton(page).waitFor();
    await page.goto(server.url('ou', '/user_registration'));
    await googleButton(page).waitFor();
    await page.goto(server.url('ou', '/home'));
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: MESSAGES.signIn.continueWithGoogle }).waitFor();
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });
});
