import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_MESSAGES as M } from '@common/schemas/payments';
import { violations } from './axe';
import { type FakeStripe, startFakeStripe } from '../server/test/stripe-api';
import { launchBrowser, maybeScreenshot, MOBILE, type RunningServer, startServer } from './harness';
import { pathOf, schoolVerifiedStudent, sidebar } from './students';

/**
 * Payouts on /settings/payments (docs/product/profiles-and-payments.md,
 * Payouts) through the real SDK against the local Stripe API, whose stand-in
 * onboarding page has Submit and Save and exit.
 */

let stripe: FakeStripe;
let server: RunningServer;
let plain: RunningServer;
let browser: Browser;
beforeAll(async () => {
  stripe = await startFakeStripe();
  [server, plain, browser] = await Promise.all([
    startServer({
      STRIPE_SECRET_KEY: 'sk_test_quad_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_quad_e2e',
      STRIPE_API_URL: stripe.url,
    }),
    startServer(),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), plain?.stop()]);
  await stripe?.close();
});

describe('payouts', () => {
  it('go from Set Up Payouts through Resume Application to Payouts Enabled and View Earnings', async () => {
    const { page, context, errors } = await schoolVerifiedStudent(server, browser, 'Paz Okafor');
    await page.goto(server.url('ut', '/settings'));
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: M.title })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/settings/payments');
    await page.getByText(M.intro).waitFor();
    await maybeScreenshot(page, 'payouts-set-up');
    expect(await violations(page, 'main')).toEqual([]);

    // Set Up Payouts: Stripe's onboarding, left half done.
    await page.getByRole('button', { name: M.setUpPayouts }).click();
    await page.getByRole('heading', { name: 'Set up payouts (test)' }).waitFor();
    await page.getByRole('link', { name: 'Save and exit' }).click();
    await page.getByRole('button', { name: M.resumeApplication }).waitFor();
    expect(page.url()).toBe(server.url('ut', '/settings/payments'));
    await maybeScreenshot(page, 'payouts-resume');

    // Resume Application: the same account, finished this time.
    await page.getByRole('button', { name: M.resumeApplication }).click();
    await page.getByRole('link', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: M.payoutsEnabled }).waitFor();
    await page.locator('.alerts').getByText(M.profileUpdated).waitFor();
    await maybeScreenshot(page, 'payouts-enabled');
    expect(await violations(page, 'main')).toEqual([]);
    const accounts = [...stripe.accounts.values()].filter((a) => a.displayName === 'Paz Okafor');
    expect(accounts).toHaveLength(1);

    // View Earnings opens Stripe's dashboard in a new tab on a wide screen.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: M.viewEarnings }).click(),
    ]);
    await tab.getByRole('heading', { name: 'Earnings (test)' }).waitFor();
    expect(tab.url()).toBe(`${stripe.url}/express/${accounts[0]!.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("come back to a new onboarding link when Stripe's expired (?resume=1), at phone width", async () => {
    const { page, context } = await schoolVerifiedStudent(server, browser, 'Ren Adeyemi', MOBILE);
    await page.goto(server.url('ut', '/settings/payments'));
    await page.getByRole('button', { name: M.setUpPayouts }).click();
    await page.getByRole('link', { name: 'Save and exit' }).click();
    await page.getByRole('button', { name: M.resumeApplication }).waitFor();
    await maybeScreenshot(page, 'payouts-resume-390');
    expect(await violations(page, 'main')).toEqual([]);

    await page.goto(server.url('ut', '/settings/payments?resume=1'));
    await page.getByRole('heading', { name: 'Set up payouts (test)' }).waitFor();
    await page.getByRole('link', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: M.payoutsEnabled }).waitFor();
    // On a phone, the dashboard opens in the same window.
    await page.getByRole('button', { name: M.viewEarnings }).click();
    await page.getByRole('heading', { name: 'Earnings (test)' }).waitFor();
    await context.close();
  });

  it('say so on a site without a payment provider, with no button to press', async () => {
    const { page, context } = await schoolVerifiedStudent(plain, browser, 'Lou Brandt');
    await page.goto(plain.url('ut', '/settings/payments'));
    await page.getByRole('heading', { name: M.notConfiguredTitle }).waitFor();
    await page.getByText(M.notConfigured).waitFor();
    const card = page.getByRole('region', { name: M.title });
    expect(await card.getByRole('button').count()).toBe(0);
    await sidebar(page).waitFor();
    await context.close();
  });
});
