import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAMPUSES, type SeededCampusId } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';

const env = serverAndBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page's title bar heading (every settings page has exactly one h1). */
const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The policy document itself, labelled by its h1. */
const documentOf = (page: Page, name: string) => page.getByRole('article', { name });

/** Every href of the links inside `scope`, as written in the page. */
const hrefsIn = (scope: Locator) =>
  scope.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

describe('static pages', () => {
  const routes: [path: string, heading: string][] = [
    ['/settings/about', MESSAGES.settingsAbout],
    ['/settings/howitworks', MESSAGES.settingsHowItWorks],
    ['/settings/help', MESSAGES.settingsCustomerSupport],
    ['/settings/feedback', MESSAGES.settingsGiveUsFeedback],
    ['/settings/returns', MESSAGES.settingsReturnPolicy],
    ['/settings/terms', MESSAGES.settingsTermsOfService],
    ['/settings/trust_and_safety', MESSAGES.settingsTrustAndSafety],
    ['/settings/trust', MESSAGES.settingsTrustAndSafety],
    ['/settings/privacy', MESSAGES.settingsPrivacyPolicy],
    ['/settings/cookies', 'Cookies'],
  ];

  it('every settings route opens on its own page with its title and a clean console', async () => {
    const { context, page, errors } = await openPage(env.browser);
    for (const [route, heading] of routes) {
      const response = await page.goto(env.server.url('ut', route));
      expect(response?.status(), route).toBe(200);
      await title(page, heading).waitFor();
      expect(pathOf(page)).toBe(route);
      await expect.poll(() => page.title()).toBe(`${heading} · ${CAMPUSES.ut.productName}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Terms of Service carries its date, the campus name and every number of the policy', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ut', '/settings/terms'));
    const terms = documentOf(page, MESSAGES.settingsTermsOfService);
    await terms.waitFor();
    await terms.getByText(MESSAGES.termsLastUpdated).waitFor();
    expect(MESSAGES.termsLastUpdated).toContain('May 27, 2021');
    await terms.getByText(CAMPUSES.ut.productName, { exact: true }).first().waitFor();

    // innerText collapses the markup (<strong>, links) into the words a reader sees.
    const text = (await terms.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`agreement between you and ${CAMPUSES.ut.productName}`);
    expect(text).not.toContain(CAMPUSES.ou.productName);
    for (const rule of [
      /at least 16 years old/,
      /under 18, you may use .* only with the supervision of a parent or guardian/,
      /US residents only/,
      /one account per person/,
      /pay each other in person/,
      /opt out of arbitration within 30 days/,
      /at least 30 days before it takes effect \(the notice period\)/,
      /the greater of \$100 or the amount of payments you made to us in the 12 months/,
      /within one year after it arose/,
      /under \$10,000, the arbitration may be conducted remotely/,
    ]) {
      expect(text).toMatch(rule);
    }

    // Nothing the product does not do: no shipping, no Pro Sellers (ADR 050).
    expect(text).not.toMatch(/Pro Seller|to ship the item|after delivery/);

    const hrefs = await hrefsIn(terms);
    for (const href of ['/settings/help', '/settings/trust', '/logout', '/search']) {
      expect(hrefs).toContain(href);
    }

    // The FAQs link is a real in-app link.
    await terms.getByRole('link', { name: 'FAQs' }).first().click();
    await title(page, MESSAGES.settingsCustomerSupport).waitFor();
    expect(pathOf(page)).toBe('/settings/help');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('each campus host gets Terms in its own name', async () => {
    const { context, page } = await openPage(env.browser);
    for (const id of ['smu', 'campus'] satisfies SeededCampusId[]) {
      await page.goto(env.server.url(id, '/settings/terms'));
      const terms = documentOf(page, MESSAGES.settingsTermsOfService);
      await terms.getByText(CAMPUSES[id].productName, { exact: true }).first().waitFor();
    }
    await context.close();
  });

  it('Privacy Policy has its date, and #cookies lands on the Cookies section', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ut', '/settings/privacy'));
    const privacy = documentOf(page, MESSAGES.settingsPrivacyPolicy);
    await privacy.getByText(MESSAGES.privacyLastUpdated).waitFor();
    expect(MESSAGES.privacyLastUpdated).toContain('June 24, 2022');

    await page.goto(env.server.url('ut', '/settings/privacy#cookies'));
    const cookies = page.getByRole('heading', { level: 2, name: 'Cookies', exact: true });
    await cookies.waitFor();
    // Scrolled down to it (the document is far taller than the window)…
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // …and really on screen: inside the window and not covered by the fixed top bar.
    await expect
      .poll(() =>
        cookies.evaluate((heading) => {
          const box = heading.getBoundingClientRect();
          const inside = box.top >= 0 && box.bottom <= window.innerHeight;
          const onTop = document.elementFromPoint(box.left + 10, box.top + box.height / 2);
          return inside && heading.contains(onTop);
        }),
      )
      .toBe(true);
    await maybeScreenshot(page, 'privacy-cookies');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Return Policy gives 2 days with the seller, then 2 more days with support: 4 in total', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ut', '/settings/returns'));
    const returns = documentOf(page, MESSAGES.settingsReturnPolicy);
    await returns.waitFor();
    const text = (await returns.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/within 2 days of getting the item, message the seller/i);
    expect(text).toMatch(/report it to us within 2 more days/i);
    expect(text).toMatch(/after those 4 days in total, the transaction is treated as complete/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Help and Feedback send students to the campus's Instagram and support e-mail", async () => {
    const { context, page, errors } = await openPage(env.browser);
    for (const id of ['uf', 'duke'] satisfies SeededCampusId[]) {
      const campus = CAMPUSES[id];
      for (const [route, heading] of [
        ['/settings/help', MESSAGES.settingsCustomerSupport],
        ['/settings/feedback', MESSAGES.settingsGiveUsFeedback],
      ] as const) {
        await page.goto(env.server.url(id, route));
        await title(page, heading).waitFor();
        const ways = page.getByRole('list', { name: 'Ways to reach us' });
        const instagram = ways.getByRole('link', { name: /Send us a DM/ });
        expect(await instagram.getAttribute('href')).toBe(
          `https://www.instagram.com/${campus.instagram}/`,
        );
        expect(await instagram.getAttribute('target')).toBe('_blank');
        await instagram.getByText(`@${campus.instagram} on Instagram`).waitFor();
        const email = ways.getByRole('link', { name: /E-mail us/ });
        expect(await email.getAttribute('href')).toMatch(
          new RegExp(`^mailto:${campus.supportEmail.replace(/\./g, '\\.')}(\\?|$)`),
        );
        await email.getByText(campus.supportEmail).waitFor();
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('settings menu', () => {
  it('on desktop /settings opens About beside the menu panel, with the current page marked', async () => {
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    await page.goto(env.server.url('ut', '/settings'));
    await expect.poll(() => pathOf(page)).toBe('/settings/about');
    await title(page, MESSAGES.settingsAbout).waitFor();

    const menu = page.getByRole('navigation', { name: 'Settings' });
    for (const section of [
      MESSAGES.settingsAccountInfo,
      MESSAGES.settingsHelpFeedback,
      MESSAGES.settingsGeneralInfo,
    ]) {
      await menu.getByRole('heading', { name: section }).waitFor();
    }
    const account = menu.getByRole('region', { name: MESSAGES.settingsAccountInfo });
    expect(
      await account.getByRole('link', { name: MESSAGES.logInSignUp }).getAttribute('href'),
    ).toBe('/user_registration');
    const help = menu.getByRole('region', { name: MESSAGES.settingsHelpFeedback });
    expect(await help.getByRole('link').allInnerTexts()).toEqual([
      MESSAGES.settingsCustomerSupport,
      MESSAGES.settingsGiveUsFeedback,
    ]);
    const general = menu.getByRole('region', { name: MESSAGES.settingsGeneralInfo });
    expect(await general.getByRole('link').allInnerTexts()).toEqual([
      MESSAGES.settingsAbout,
      MESSAGES.settingsHowItWorks,
      MESSAGES.settingsReturnPolicy,
      MESSAGES.settingsTrustAndSafety,
      MESSAGES.settingsTermsOfService,
      MESSAGES.settingsPrivacyPolicy,
    ]);
    // Signed out: no Account Settings and no Log Out.
    expect(await menu.getByRole('link', { name: MESSAGES.settingsLogOut }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: MESSAGES.settingsAccountSettings }).count()).toBe(
      0,
    );

    const current = menu.locator('[aria-current="page"]');
    await expect.poll(() => current.allInnerTexts()).toEqual([MESSAGES.settingsAbout]);

    await menu.getByRole('link', { name: MESSAGES.settingsTermsOfService }).click();
    await title(page, MESSAGES.settingsTermsOfService).waitFor();
    expect(pathOf(page)).toBe('/settings/terms');
    await expect.poll(() => current.allInnerTexts()).toEqual([MESSAGES.settingsTermsOfService]);
    await maybeScreenshot(page, 'settings-terms-desktop');

    // The policy texts' /settings/trust is the Trust and Safety item.
    await page.goto(env.server.url('ut', '/settings/trust'));
    await title(page, MESSAGES.settingsTrustAndSafety).waitFor();
    await expect.poll(() => current.allInnerTexts()).toEqual([MESSAGES.settingsTrustAndSafety]);

    await menu.getByRole('link', { name: MESSAGES.logInSignUp }).click();
    await expect.poll(() => pathOf(page)).toBe('/user_registration');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on mobile /settings is the menu; an item opens its page and Back returns to the menu', async () => {
    const { context, page, errors } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('ut', '/settings'));
    await title(page, 'Settings').waitFor();
    expect(pathOf(page)).toBe('/settings');
    const menu = page.getByRole('navigation', { name: 'Settings' });
    for (const section of [
      MESSAGES.settingsAccountInfo,
      MESSAGES.settingsHelpFeedback,
      MESSAGES.settingsGeneralInfo,
    ]) {
      await menu.getByRole('heading', { name: section }).waitFor();
    }
    await menu.getByText(MESSAGES.takesSeconds).waitFor();
    await maybeScreenshot(page, 'settings-mobile');

    await menu.getByRole('link', { name: MESSAGES.settingsReturnPolicy }).click();
    await title(page, MESSAGES.settingsReturnPolicy).waitFor();
    expect(pathOf(page)).toBe('/settings/returns');
    // The page shows alone: no menu beside it.
    expect(await page.getByRole('navigation', { name: 'Settings' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back' }).click();
    await title(page, 'Settings').waitFor();
    expect(pathOf(page)).toBe('/settings');

    // Opened directly (no history to go back to), Back still leads to the menu.
    await page.goto(env.server.url('ut', '/settings/privacy'));
    await title(page, MESSAGES.settingsPrivacyPolicy).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await title(page, 'Settings').waitFor();
    expect(pathOf(page)).toBe('/settings');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('footer', () => {
  it('the policy links of the footer lead to their pages', async () => {
    const { context, page, errors } = await openPage(env.browser, DESKTOP);
    await page.goto(env.server.url('ou', '/home'));
    const footer = page.getByRole('navigation', { name: 'Policies' });
    for (const [label, route, heading] of [
      ['Terms of Service', '/settings/terms', MESSAGES.settingsTermsOfService],
      ['Privacy', '/settings/privacy', MESSAGES.settingsPrivacyPolicy],
      ['Trust/Safety', '/settings/trust_and_safety', MESSAGES.settingsTrustAndSafety],
      ['Returns', '/settings/returns', MESSAGES.settingsReturnPolicy],
      ['About', '/settings/about', MESSAGES.settingsAbout],
      ['Help', '/settings/help', MESSAGES.settingsCustomerSupport],
    ] as const) {
      await footer.getByRole('link', { name: label, exact: true }).click();
      await title(page, heading).waitFor();
      expect(pathOf(page)).toBe(route);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the footer follows the page', async () => {
    const { context, page } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('ou', '/settings/about'));
    // The page settles first: a footer link clicked while the route's chunk loads may be swapped out.
    await title(page, MESSAGES.settingsAbout).waitFor();
    const footer = page.getByRole('navigation', { name: 'Policies' });
    await footer.getByRole('link', { name: 'Returns', exact: true }).click();
    await title(page, MESSAGES.settingsReturnPolicy).waitFor();
    expect(pathOf(page)).toBe('/settings/returns');
    await context.close();
  });
});
