import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import { codeFor, PASSWORD, postJson, tag } from './students';

const env = serverAndBrowser();

const SCHOOL_EMAIL = '/settings/account/school_email';
const VERIFY_SCHOOL_EMAIL = '/settings/account/verify_school_email';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Signs up on the page's campus site; the browser keeps the session cookie. */
async function register(page: Page, email: string): Promise<void> {
  expect(
    await postJson(page, '/api/auth/register', {
      name: 'Jamie Rivera',
      email,
      password: PASSWORD,
      terms: true,
    }),
  ).toBe(201);
}

/** Confirms the account e-mail with the code it was sent (what the /verify page does). */
async function verifyAccount(page: Page, email: string): Promise<void> {
  expect(await postJson(page, '/api/verification/code', {})).toBe(200);
  expect(
    await postJson(page, '/api/verification/verify', { code: await codeFor(env.server, email) }),
  ).toBe(200);
}

const verifyBanner = (page: Page) => page.getByRole('region', { name: MESSAGES.verifyYourAccount });

describe('school e-mail verification', () => {
  it('a new student verifies the account, is sent to the school e-mail page and joins UT with a PIN', async () => {
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    const email = `jamie-${tag()}@example.com`;
    const schoolEmail = `jamie.rivera-${tag()}@utexas.edu`;

    await page.goto(env.server.url('ut', '/home'));
    await register(page, email);

    // Not verified yet: the first page of the visit sends the student to /verify.
    await page.goto(env.server.url('ut', '/home'));
    await expect.poll(() => pathOf(page)).toBe('/verify');
    // The /verify page asks for a code on arrival; let that request finish first.
    await page.waitForLoadState('networkidle');
    await verifyAccount(page, email);

    // Verified, but no school e-mail: the next visit starts on the school e-mail page.
    await page.goto(env.server.url('ut', '/home'));
    await expect.poll(() => pathOf(page)).toBe(SCHOOL_EMAIL);
    await page.getByRole('heading', { name: 'Verify your school email' }).waitFor();
    await page.getByText(MESSAGES.schoolEmail.usedToVerify, { exact: false }).waitFor();
    const field = page.getByRole('textbox', { name: 'School email' });
    expect(await field.getAttribute('placeholder')).toBe(AUTH_MESSAGES.schoolEmailPlaceholder);
    expect(await verifyBanner(page).count()).toBe(0);

    // Empty, then an address that is not a UT one.
    const sendPin = page.getByRole('button', { name: MESSAGES.schoolEmail.sendPin });
    await sendPin.click();
    await page.getByText(AUTH_MESSAGES.newSchoolEmail).waitFor();
    await field.fill('jamie.rivera@gmail.com');
    await sendPin.click();
    await page.getByText(AUTH_MESSAGES.validSchoolEmail).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe(SCHOOL_EMAIL);
    await maybeScreenshot(page, 'school-email-invalid');

    await field.fill(schoolEmail);
    await sendPin.click();
    await expect.poll(() => pathOf(page)).toBe(VERIFY_SCHOOL_EMAIL);
    expect(new URL(page.url()).searchParams.get('email')).toBe(schoolEmail);
    await page.getByText(schoolEmail).waitFor();

    // A wrong PIN first, then the one from the mailbox.
    const code = await codeFor(env.server, schoolEmail);
    const pin = page.getByRole('textbox', { name: 'Verification code' });
    const verify = page.getByRole('button', { name: MESSAGES.schoolEmail.verify, exact: true });
    await verify.click();
    await page.getByText(AUTH_MESSAGES.enterCode).waitFor();
    await pin.fill(code === '1000' ? '1001' : String(Number(code) - 1));
    await verify.click();
    await page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.codeIncorrect }).waitFor();
    await pin.fill(code);
    await verify.click();

    await expect.poll(() => pathOf(page)).toBe('/home');
    await page.getByText(MESSAGES.schoolEmail.verified).waitFor();
    // A school-verified member's home is the feed.
    await page.getByText(POST_MESSAGES.composerPlaceholder).first().waitFor();
    expect(await verifyBanner(page).count()).toBe(0);
    // The campus is remembered as the redirect target.
    expect(await page.evaluate(() => localStorage.getItem('quad.redirectTo'))).toBe('ut');

    // A fresh visit stays on the feed: no more redirects, no banner.
    await page.goto(env.server.url('ut', '/home'));
    await page.getByText(POST_MESSAGES.composerPlaceholder).first().waitFor();
    expect(pathOf(page)).toBe('/home');
    expect(await verifyBanner(page).count()).toBe(0);
    await maybeScreenshot(page, 'school-email-member-home');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the generic campus the student picks a school with ?campus= and is sent to its site', async () => {
    const { context, page, errors } = await openPage(env.browser, MOBILE);
    const email = `sam-${tag()}@example.com`;
    const schoolEmail = `sam-${tag()}@alumni.utexas.edu`;

    await page.goto(env.server.url('campus', '/settings/about'));
    await register(page, email);
    await verifyAccount(page, email);

    // The generic site never forces the school e-mail page; its banner leads to the school finder.
    await page.goto(env.server.url('campus', '/home'));
    const banner = verifyBanner(page);
    await banner.waitFor();
    expect(pathOf(page)).toBe('/home');
    expect(
      await banner.getByRole('link', { name: MESSAGES.verifyYourAccount }).getAttribute('href'),
    ).toBe('/search_schools');

    // Without ?campus= no domain list applies: the student picks a school first.
    await page.goto(env.server.url('campus', SCHOOL_EMAIL));
    await page.getByRole('heading', { name: 'Find your school' }).waitFor();
    await page.getByRole('button', { name: new RegExp(CAMPUSES.ut.schoolName) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('campus')).toBe('ut');
    await page.getByText(CAMPUSES.ut.schoolName).first().waitFor();

    const field = page.getByRole('textbox', { name: 'School email' });
    const sendPin = page.getByRole('button', { name: MESSAGES.schoolEmail.sendPin });
    await field.fill(`sam-${tag()}@ou.edu`);
    await sendPin.click();
    await page.getByText(AUTH_MESSAGES.validSchoolEmail).waitFor();
    await maybeScreenshot(page, 'school-email-generic-mobile');

    // A subdomain of a UT domain is a UT address.
    await field.fill(schoolEmail);
    await sendPin.click();
    await expect.poll(() => pathOf(page)).toBe(VERIFY_SCHOOL_EMAIL);
    const query = new URL(page.url()).searchParams;
    expect(query.get('email')).toBe(schoolEmail);
    expect(query.get('campus')).toBe('ut');

    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(await codeFor(env.server, schoolEmail));
    await page.getByRole('button', { name: MESSAGES.schoolEmail.verify, exact: true }).click();

    // /search_schools first, then the remembered campus sends the student to UT's own site.
    await expect
      .poll(() => new URL(page.url()).host, { timeout: 15_000 })
      .toBe(`ut.localhost:${env.server.port}`);
    await expect.poll(() => page.title()).toBe(CAMPUSES.ut.productName);
    // Sessions are per site: the hand-over asks "Continue as …?", and one click arrives signed in, on the feed.
    await page.getByRole('button', { name: AUTH_MESSAGES.handoff.continue }).click();
    await page.getByText(POST_MESSAGES.composerPlaceholder).first().waitFor();

    // Back on the generic site the target is forgotten, and "Visit Your Campus" shows.
    await page.goto(env.server.url('campus', '/home'));
    const visit = page.getByRole('region', { name: MESSAGES.visitYourCampus });
    await visit.waitFor();
    expect(pathOf(page)).toBe('/home');
    expect(await page.evaluate(() => localStorage.getItem('quad.redirectTo'))).toBeNull();
    expect(await verifyBanner(page).count()).toBe(0);
    await visit.getByRole('link', { name: MESSAGES.visitYourCampus }).click();
    await expect.poll(() => new URL(page.url()).host).toBe(`ut.localhost:${env.server.port}`);
    // Signed in there already as the same student: straight to the feed.
    await page.getByText(POST_MESSAGES.composerPlaceholder).first().waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('gates', () => {
  it('a guest who asks to join a private campus gets the "Join Your Campus" prompt', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page, errors } = await openPage(env.browser, viewport);

      // The school e-mail pages are for signed-in users only.
      await page.goto(env.server.url('ou', SCHOOL_EMAIL));
      await expect.poll(() => pathOf(page)).toBe('/home');

      await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
      await page.getByRole('main').getByRole('button', { name: MESSAGES.joinGroup }).click();
      const dialog = page.getByRole('dialog', { name: MESSAGES.authPrompt.join });
      await dialog.waitFor();
      await dialog.getByText(MESSAGES.takesSeconds).waitFor();
      expect(
        await dialog.getByRole('link', { name: MESSAGES.continueWithEmail }).getAttribute('href'),
      ).toBe('/login');
      await maybeScreenshot(page, `auth-prompt-${viewport.width}`);

      await dialog.getByRole('link', { name: MESSAGES.logInSignUp }).click();
      await expect.poll(() => pathOf(page)).toBe('/user_registration');
      await dialog.waitFor({ state: 'detached' });

      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows "Verify your account" until the account and the school e-mail are verified', async () => {
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    const email = `alex-${tag()}@example.com`;

    await page.goto(env.server.url('smu', '/settings/about'));
    await register(page, email);

    // Not verified: the banner leads to /verify (the static pages never redirect).
    await page.goto(env.server.url('smu', '/settings/about'));
    const banner = verifyBanner(page);
    const link = banner.getByRole('link', { name: MESSAGES.verifyYourAccount });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/verify');
    expect(pathOf(page)).toBe('/settings/about');

    // Dismissed for this page view only.
    await banner.getByRole('button', { name: /Dismiss/ }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: MESSAGES.settingsHowItWorks }).first().click();
    await expect.poll(() => pathOf(page)).toBe('/settings/howitworks');
    await banner.waitFor();

    // Verified without a school e-mail: it leads to the school e-mail page.
    await verifyAccount(page, email);
    await page.goto(env.server.url('smu', '/settings/about'));
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(SCHOOL_EMAIL);
    await maybeScreenshot(page, 'verify-banner');
    await link.click();
    await expect.poll(() => pathOf(page)).toBe(SCHOOL_EMAIL);
    await page.getByRole('textbox', { name: 'School email' }).waitFor();
    expect(await banner.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
