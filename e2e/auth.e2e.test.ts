import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import type { Viewer } from '@common/schemas/auth';
import {
  animationsDone,
  DESKTOP,
  maybeScreenshot,
  MOBILE,
  openPage,
  serverAndBrowser,
} from './harness';

const env = serverAndBrowser();

interface MailItem {
  to: string;
  subject: string;
  text: string;
  createdAt: number;
}

interface Account {
  name: string;
  email: string;
  password: string;
  viewer: Viewer;
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const tag = () => randomUUID().slice(0, 8);
const newEmail = () => `student-${tag()}@example.com`;

/** Polls the dev mailbox until a message to `to` matching `match` has been delivered. */
async function waitForMail(to: string, match: (mail: MailItem) => boolean): Promise<MailItem> {
  let found: MailItem | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(
          env.server.url('bare', `/dev/mailbox.json?to=${encodeURIComponent(to)}`),
        );
        const { items } = (await res.json()) as { items: MailItem[] };
        found = items.find(match);
        return found !== undefined;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

const linkIn = (mail: MailItem) => {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
};

/**
 * An OU account made through the API (as a sign-up would), optionally marked
 * verified and school-verified straight in the database, so a test about
 * signing in is not sent through the verification pages.
 */
async function createAccount({ settled = true } = {}): Promise<Account> {
  const first = `Jo${tag().replace(/\d/g, 'x')}`;
  const account = { name: `${first} Tester`, email: newEmail(), password: `harbor-${tag()}-42` };
  const res = await fetch(env.server.url('bare', '/api/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
    body: JSON.stringify({ ...account, terms: true }),
  });
  expect(res.status).toBe(201);
  const { viewer } = (await res.json()) as { viewer: Viewer };
  if (settled) {
    const db = new Database(path.join(env.server.dataDir, 'quad.db'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare(
        'update users set verified = 1, school_verified = 1, school_email = ? where id = ?',
      ).run(`${viewer.username}@ou.edu`, viewer.id);
    } finally {
      db.close();
    }
  }
  return { ...account, viewer };
}

const dangerAlert = (page: Page, msg: string) => page.getByRole('alert').filter({ hasText: msg });

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on the page`);
  return box;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const okayAlert = (page: Page, msg: string) =>
  page.locator('.alerts').getByRole('status').filter({ hasText: msg });

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

/** Signed in = the avatar dropdown offers the signed-in items. */
async function expectSignedIn(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: MESSAGES.signIn.mySaved }).waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
}

async function signInWithPassword(page: Page, account: Account, campus: 'ou' | 'ut' = 'ou') {
  const query = new URLSearchParams({ email: account.email, method: 'password' });
  await page.goto(env.server.url(campus, `/login?${query}`));
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: MESSAGES.signIn.logIn, exact: true }).click();
  await expect.poll(() => pathname(page)).not.toBe('/login');
}

describe('registration', () => {
  it('keeps Create account disabled until name, e-mail, password and terms are all filled', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ut', '/register'));
    const create = page.getByRole('button', { name: MESSAGES.signIn.createAccount });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Full name').fill('Jane Doe');
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(newEmail());
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    expect(await create.isDisabled()).toBe(true);
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    await terms.check();
    expect(await create.isEnabled()).toBe(true);
    await terms.uncheck();
    expect(await create.isDisabled()).toBe(true);
    // The same rules as the env.server, before any request: a full name has two words.
    await terms.check();
    await page.getByLabel('Full name').fill('Jane');
    await create.click();
    await dangerAlert(page, AUTH_MESSAGES.fullNameRequired).waitFor();
    expect(pathname(page)).toBe('/register');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers on the entry step, refuses a wrong code, then verifies with the mailed code', async () => {
    const { context, page, errors } = await openPage(env.browser);
    const email = newEmail();
    await page.goto(env.server.url('ut', '/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // A new address goes on to registration, with the e-mail filled in.
    await expect.poll(() => pathname(page)).toBe('/register');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Full name').fill('Jane Doe');
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await maybeScreenshot(page, 'auth-register');
    await page.getByRole('button', { name: MESSAGES.signIn.createAccount }).click();

    await expect.poll(() => pathname(page)).toBe('/verify');
    await page.getByText(`${MESSAGES.signIn.codeSentTo} ${email}`).waitFor();
    const mail = await waitForMail(email, (m) => /^\d{4} is your /.test(m.subject));
    const code = mail.subject.slice(0, 4);

    const verify = page.getByRole('button', { name: MESSAGES.signIn.verify, exact: true });
    await verify.click();
    await dangerAlert(page, AUTH_MESSAGES.enterCode).waitFor();
    const codeField = page.getByLabel('Verification code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await codeField.fill(code === '1000' ? '1001' : '1000');
    await verify.click();
    await dangerAlert(page, AUTH_MESSAGES.codeIncorrect).waitFor();
    expect(pathname(page)).toBe('/verify');
    await maybeScreenshot(page, 'auth-verify-wrong-code');

    await codeField.fill(code);
    await verify.click();
    await expect.poll(() => pathname(page)).not.toBe('/verify');
    await expectSignedIn(page);
    // One arrival, one code: the page asked for it once.
    const res = await fetch(
      env.server.url('bare', `/dev/mailbox.json?to=${encodeURIComponent(email)}`),
    );
    const { items } = (await res.json()) as { items: MailItem[] };
    expect(items.filter((m) => /verification code/.test(m.subject))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('form messages', () => {
  it('an empty e-mail says "Email is required." once, under the field, on every sign-in form', async () => {
    const { context, page, errors } = await openPage(env.browser);
    const forms: [string, string][] = [
      ['/login', 'Continue'],
      ['/login?method=password', MESSAGES.signIn.logIn],
      ['/login?method=noPassword', MESSAGES.signIn.emailMeALink],
      ['/forgotpassword', 'Send reset link'],
      ['/login/sent?email=someone%40example.com', MESSAGES.signIn.emailMeALink],
      [`/login/sent?email=someone%40example.com&token=${'t'.repeat(24)}`, 'Continue'],
    ];
    for (const [url, button] of forms) {
      await page.goto(env.server.url('ou', url));
      const email = page.getByLabel('Email', { exact: true });
      await email.fill('');
      await page.getByRole('button', { name: button, exact: true }).click();
      const required = page.getByText(AUTH_MESSAGES.emailRequired, { exact: true });
      await required.waitFor();
      // One cause, one message: no alert repeats it, and none contradicts it.
      expect(await required.count(), url).toBe(1);
      expect(await page.getByText(AUTH_MESSAGES.emailInvalid).count(), url).toBe(0);
      expect(await page.locator('.alerts > *').count(), url).toBe(0);
      expect(await email.getAttribute('aria-invalid'), url).toBe('true');
      // The student is put back in the field to fix it.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name')), url).toBe(
        'email',
      );
    }
    // Both fields empty on the password step: one message for each.
    await page.goto(env.server.url('ou', '/login?method=password'));
    await page.getByRole('button', { name: MESSAGES.signIn.logIn, exact: true }).click();
    await page.getByText(AUTH_MESSAGES.passwordRequired, { exact: true }).waitFor();
    expect(await page.getByText(AUTH_MESSAGES.emailRequired, { exact: true }).count()).toBe(1);
    expect(await page.getByText(AUTH_MESSAGES.passwordRequired, { exact: true }).count()).toBe(1);
    expect(await page.locator('.alerts > *').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a common password is refused as too common, before anything is sent', async () => {
    const { context, page, errors } = await openPage(env.browser);
    const requests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/')) requests.push(req.url());
    });
    await page.goto(env.server.url('ut', '/register'));
    await page.getByLabel('Full name').fill('Jane Doe');
    await page.getByLabel('Email').fill(newEmail());
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: MESSAGES.signIn.createAccount }).click();
    await page.getByText(AUTH_MESSAGES.passwordTooCommon, { exact: true }).waitFor();
    expect(await page.getByText(AUTH_MESSAGES.passwordTooShort).count()).toBe(0);
    expect(pathname(page)).toBe('/register');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('alerts on the sign-in pages', () => {
  it('cover neither the back arrow and title nor the form, on desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page, errors } = await openPage(env.browser, viewport);
      const query = new URLSearchParams({ email: newEmail(), method: 'password' });
      await page.goto(env.server.url('ou', `/login?${query}`));
      await page.getByLabel('Password', { exact: true }).fill('whatever-it-is-1');
      await page.getByRole('button', { name: MESSAGES.signIn.logIn, exact: true }).click();
      const alert = dangerAlert(page, AUTH_MESSAGES.userNotFound);
      await alert.waitFor();
      await animationsDone(alert); // its slide-in
      const covered = await boxOf(alert);
      const needed = [
        page.getByRole('button', { name: 'Back' }),
        page.getByRole('heading', { name: MESSAGES.signIn.logIn, level: 1 }),
        page.getByRole('heading', { name: 'Welcome back' }),
        page.getByLabel('Email', { exact: true }),
        page.getByLabel('Password', { exact: true }),
        page.getByRole('button', { name: MESSAGES.signIn.logIn, exact: true }),
      ];
      for (const locator of needed) {
        expect(overlaps(covered, await boxOf(locator)), `${viewport.width}: ${locator}`).toBe(
          false,
        );
      }
      await maybeScreenshot(page, `auth-alert-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('password sign-in', () => {
  it('sends a known e-mail from the entry step to the password step', async () => {
    const account = await createAccount();
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ou', '/login'));
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('method')).toBe('password');
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('maxlength')).toBe('30');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers "Incorrect. Please try again." and "Wrong password!", then signs in', async () => {
    const account = await createAccount();
    const { context, page, errors } = await openPage(env.browser);
    const password = page.getByLabel('Password', { exact: true });
    const logIn = page.getByRole('button', { name: MESSAGES.signIn.logIn, exact: true });

    await page.goto(
      env.server.url('ou', `/login?method=password&email=${encodeURIComponent(newEmail())}`),
    );
    await password.fill('whatever-it-is-1');
    await logIn.click();
    await dangerAlert(page, AUTH_MESSAGES.userNotFound).waitFor();

    await page.goto(
      env.server.url('ou', `/login?method=password&email=${encodeURIComponent(account.email)}`),
    );
    await password.fill('not-my-password-1');
    await logIn.click();
    await dangerAlert(page, AUTH_MESSAGES.wrongPassword).waitFor();
    expect(pathname(page)).toBe('/login');
    await maybeScreenshot(page, 'auth-wrong-password');

    await password.fill(account.password);
    await logIn.click();
    await expect.poll(() => pathname(page)).toBe('/home');
    await expectSignedIn(page);
    // Signed in, the sign-in pages send the user home.
    await page.goto(env.server.url('ou', '/login'));
    await expect.poll(() => pathname(page)).toBe('/home');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('e-mailed link', () => {
  it('signs in with a link opened in the same browser', async () => {
    const account = await createAccount();
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(
      env.server.url('ou', `/login?method=noPassword&email=${encodeURIComponent(account.email)}`),
    );
    await page.getByRole('button', { name: MESSAGES.signIn.emailMeALink }).click();
    await okayAlert(page, AUTH_MESSAGES.emailSent).waitFor();
    await page.getByText(MESSAGES.signIn.checkYourInbox).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('quad.emailForSignIn'))).toBe(
      account.email,
    );

    const mail = await waitForMail(account.email, (m) => m.subject.startsWith('Log in to'));
    await page.goto(linkIn(mail));
    await expect.poll(() => pathname(page)).toBe('/home');
    await expectSignedIn(page);
    expect(await page.evaluate(() => localStorage.getItem('quad.emailForSignIn'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a fresh browser for the e-mail again; a different one gives "Failed: Wrong Email."', async () => {
    const account = await createAccount();
    const asking = await openPage(env.browser);
    await asking.page.goto(
      env.server.url('ou', `/login?method=noPassword&email=${encodeURIComponent(account.email)}`),
    );
    await asking.page.getByRole('button', { name: MESSAGES.signIn.emailMeALink }).click();
    await okayAlert(asking.page, AUTH_MESSAGES.emailSent).waitFor();
    await asking.context.close();
    const link = linkIn(await waitForMail(account.email, (m) => m.subject.startsWith('Log in to')));

    // Another browser (a phone's mail app, say) has no remembered e-mail.
    const { context, page, errors } = await openPage(env.browser, MOBILE);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
    await maybeScreenshot(page, 'auth-link-confirm-email');
    await page.getByLabel('Email').fill(newEmail());
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await dangerAlert(page, AUTH_MESSAGES.wrongEmail).waitFor();
    await expect.poll(() => pathname(page)).toBe('/login');

    await page.goto(link);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => pathname(page)).toBe('/home');
    await expectSignedIn(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('password reset', () => {
  it('forgot → e-mailed link → new password → signed in', async () => {
    const account = await createAccount();
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ou', '/login?method=password'));
    await page.getByRole('link', { name: MESSAGES.signIn.forgotPassword }).click();
    await expect.poll(() => pathname(page)).toBe('/forgotpassword');
    // The page is loaded on demand: wait for it, not for the URL, before typing.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();

    const email = page.getByLabel('Email');
    const send = page.getByRole('button', { name: 'Send reset link' });
    await email.fill(newEmail());
    await send.click();
    await dangerAlert(page, AUTH_MESSAGES.resetUserNotFound).waitFor();

    await email.fill(account.email);
    await send.click();
    await page.getByRole('heading', { name: MESSAGES.signIn.checkYourInbox }).waitFor();
    await page.getByText(MESSAGES.signIn.emailDelay).waitFor();
    const mail = await waitForMail(account.email, (m) => m.subject.startsWith('Reset your'));

    await page.goto(linkIn(mail));
    await expect.poll(() => pathname(page)).toBe('/reset_password');
    const newPassword = `new-${account.password}`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    const save = page.getByRole('button', { name: 'Save and log in' });
    await save.click();
    await dangerAlert(page, MESSAGES.signIn.passwordsDoNotMatch).waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await save.click();
    await expect.poll(() => pathname(page)).toBe('/home');
    await page.getByRole('status').filter({ hasText: MESSAGES.signIn.passwordChanged }).waitFor();
    await expectSignedIn(page);

    const login = await fetch(env.server.url('bare', '/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
      body: JSON.stringify({ email: account.email, password: newPassword }),
    });
    expect(login.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('logout', () => {
  it('asks first: Cancel keeps the session, Log out ends it', async () => {
    const account = await createAccount();
    const { context, page, errors } = await openPage(env.browser);
    await signInWithPassword(page, account);

    await page.goto(env.server.url('ou', '/logout'));
    await page.getByRole('heading', { name: MESSAGES.logoutQuestion }).waitFor();
    await maybeScreenshot(page, 'auth-logout');
    await page.getByRole('link', { name: MESSAGES.signIn.cancel }).click();
    await expect.poll(() => pathname(page)).toBe('/home');
    await expectSignedIn(page);

    await page.goto(env.server.url('ou', '/logout'));
    await page.getByRole('button', { name: MESSAGES.signIn.logOut, exact: true }).click();
    await expect.poll(() => pathname(page)).toBe('/home');
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: MESSAGES.continueWithEmail }).waitFor();
    await page.keyboard.press('Escape');

    // Signed out, /logout has nothing to ask.
    await page.goto(env.server.url('ou', '/logout'));
    await expect.poll(() => pathname(page)).toBe('/home');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('account menu', () => {
  it('signed out offers Log In / Sign Up with Continue with Email', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ou', '/home'));
    const menu = await openAccountMenu(page);
    await menu.getByText(MESSAGES.logInSignUp).waitFor();
    await menu.getByText(MESSAGES.takesSeconds).waitFor();
    // Google sign-in is not configured on this server: no Google button.
    expect(await menu.getByText(MESSAGES.signIn.continueWithGoogle).count()).toBe(0);
    await menu.getByRole('menuitem', { name: MESSAGES.continueWithEmail }).click();
    await expect.poll(() => pathname(page)).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads after the first paint, and a click that comes before the menu code still opens it', async () => {
    const { context, page, errors } = await openPage(env.browser);
    // Hold the menu code back until the trigger has been clicked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route(/\/assets\/menus-[^/]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(env.server.url('ou', '/home'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    release();
    await page.getByRole('menu').getByText(MESSAGES.logInSignUp).waitFor();
    expect(requested).toHaveLength(1);
    // The first paint does not wait for it: the page as served neither loads nor preloads it.
    const html = await page.evaluate(() =>
      fetch('/home', { headers: { accept: 'text/html' } }).then((r) => r.text()),
    );
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\//);
    expect(html).not.toContain('menus-');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signed in lists the profile, My Saved, Account Settings and Log Out', async () => {
    const account = await createAccount();
    const { context, page, errors } = await openPage(env.browser);
    await signInWithPassword(page, account);
    const menu = await openAccountMenu(page);
    const { firstName, lastName, username } = account.viewer;
    const items = menu.getByRole('menuitem');
    const initial = lastName.charAt(0);
    await menu
      .getByRole('menuitem', { name: new RegExp(`^${firstName} ${initial}\\.\\s*@${username}$`) })
      .waitFor();
    for (const name of [
      MESSAGES.signIn.mySaved,
      MESSAGES.settingsAccountSettings,
      MESSAGES.settingsLogOut,
    ]) {
      await menu.getByRole('menuitem', { name, exact: true }).waitFor();
    }
    expect(await items.count()).toBe(4);
    const hrefs = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(hrefs).toEqual([`/${username}`, '/saved', '/settings/account', '/logout']);
    await maybeScreenshot(page, 'auth-account-menu');
    await menu.getByRole('menuitem', { name: MESSAGES.settingsLogOut }).click();
    await expect.poll(() => pathname(page)).toBe('/logout');
    expect(errors).toEqual([]);
    await context.close();
  });
});
