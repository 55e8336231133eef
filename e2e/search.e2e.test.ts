import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '@common/schemas/search';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import { pathOf, postOf, schoolVerifiedStudent, signInElsewhere } from './students';

/**
 * Search (docs/product/posts-and-listings.md, Search): the top bar's box with
 * its dropdown, the results in three tabs, the recent searches, and a guest on
 * a private campus. Two students: each costs two e-mails of the server's
 * per-minute allowance.
 */

// A campus of its own: the test counts every post, or every message, it shows.
const env = serverAndBrowser({ ownServer: {} });

const FRIDGE = 'Selling a mini fridge, barely used';
const BICYCLE = 'Trek bicycle for sale';

/** The top bar's search box (a combobox), by its placeholder-label. */
const searchBox = (page: Page) =>
  page.getByRole('banner').getByRole('combobox', { name: /^Search / });
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const results = (page: Page) => page.getByRole('list', { name: /^Results for/ });

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What axe (WCAG 2.1 AA and best practices) finds inside `within`. */
async function violations(page: Page, within: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as { axe: { run(context: object, options: object): Promise<unknown> } }
    ).axe;
    const result = (await axe.run(
      { include: [selector] },
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    )) as { violations: { id: string; nodes: { html: string }[] }[] };
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  }, within);
  return found;
}

/** An alert toast with `text`. */
const toast = (page: Page, text: string) =>
  page.locator('.alerts').getByText(text, { exact: true });

describe('search', () => {
  it('finds posts and people from the top bar, marks the matched words, and keeps recent searches', async () => {
    const [seller, buyer] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Rowan Castellano'),
      schoolVerifiedStudent(env.server, env.browser, 'Juniper Oakes'),
    ]);
    await postOf(seller.page, FRIDGE);
    await postOf(seller.page, BICYCLE);
    const { page } = buyer;
    await page.goto(env.server.url('ut', '/home'));

    // Typing shows suggestions; ↓ then Enter searches the highlighted one.
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('mini fri');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await suggestions.getByRole('option', { name: 'mini fridge' }).waitFor();
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(
      await suggestions.getByRole('option').first().getAttribute('id'),
    );
    const highlighted = await suggestions.getByRole('option').first().textContent();
    await box.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/search');
    expect(query(page)).toEqual({ q: highlighted, show: 'latest' });
    const fridge = results(page).getByRole('article').filter({ hasText: 'barely used' });
    await fridge.waitFor();
    expect(await fridge.locator('mark').allTextContents()).toEqual(['mini', 'fridge']);
    expect(await results(page).getByRole('article').count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Latest' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await violations(page, 'main')).toEqual([]);
    await maybeScreenshot(page, 'search-results-desktop');
    // "Alert me" asks how to tell (instant unless changed); saving it is the saved searches' test.
    await page.getByRole('button', { name: SEARCH_MESSAGES.alertMe }).click();
    const alertDialog = page.getByRole('dialog', { name: SEARCH_MESSAGES.alertMe });
    expect(await alertDialog.getByRole('radio', { name: /Instant/ }).isChecked()).toBe(true);
    await maybeScreenshot(page, 'search-alert-me-desktop');
    await page.keyboard.press('Escape');
    await alertDialog.waitFor({ state: 'hidden' });

    // A misspelt word finds the listing all the same.
    await box.fill('bycicle');
    await box.press('Enter');
    await expect.poll(() => query(page).q).toBe('bycicle');
    const bicycle = results(page).getByRole('article').filter({ hasText: 'Trek' });
    await bicycle.waitFor();
    expect(await bicycle.locator('mark').allTextContents()).toEqual(['bicycle']);

    // The people tab, by keyboard: the URL follows the tab. Students show as "Rowan C.".
    await page.getByRole('tab', { name: 'Latest' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => query(page).show).toBe('people');
    await page.getByRole('heading', { name: SEARCH_MESSAGES.noUsers }).waitFor();
    await box.fill('Rowan');
    await box.press('Enter');
    await expect.poll(() => query(page)).toEqual({ q: 'Rowan', show: 'people' });
    const person = page
      .getByRole('list', { name: /^People for/ })
      .getByRole('link', { name: /Rowan C\./ });
    await person.waitFor();
    expect(await person.getAttribute('href')).toMatch(/^\/rowan/);
    await maybeScreenshot(page, 'search-people-desktop');

    // The empty box lists the recent searches (as the server keeps them, lower case), newest
    // first; one is removed, then all.
    await box.fill('');
    const recent = page.getByRole('listbox', { name: SEARCH_MESSAGES.recent });
    await expect
      .poll(() => recent.getByRole('option').allTextContents())
      .toEqual(['rowan', 'bycicle', highlighted]);
    expect(await violations(page, 'header')).toEqual([]);
    await maybeScreenshot(page, 'search-dropdown-desktop');
    await page.getByRole('button', { name: 'Remove "bycicle"' }).click();
    await toast(page, SEARCH_MESSAGES.recentRemoved).waitFor();
    await expect
      .poll(() => recent.getByRole('option').allTextContents())
      .toEqual(['rowan', highlighted]);
    await page.getByRole('button', { name: SEARCH_MESSAGES.clearAll }).click();
    const dialog = page.getByRole('dialog', { name: SEARCH_MESSAGES.clearTitle });
    await dialog.getByText(SEARCH_MESSAGES.clearText).waitFor();
    await dialog.getByRole('button', { name: SEARCH_MESSAGES.clear, exact: true }).click();
    await toast(page, SEARCH_MESSAGES.historyCleared).waitFor();
    await box.click();
    await expect.poll(() => recent.count()).toBe(0);

    // On a phone: the page's own box, and its results.
    const phone = await signInElsewhere(env, buyer.email, MOBILE);
    await phone.page.goto(env.server.url('ut', '/home'));
    await phone.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Search' })
      .click();
    await expect.poll(() => pathOf(phone.page)).toBe('/search');
    await phone.page.getByRole('heading', { name: SEARCH_MESSAGES.startTyping }).waitFor();
    await maybeScreenshot(phone.page, 'search-start-phone');
    const own = phone.page.getByRole('main').getByRole('combobox', { name: /^Search / });
    await own.fill('fridge');
    await own.press('Enter');
    await results(phone.page).getByRole('article').first().waitFor();
    await maybeScreenshot(phone.page, 'search-results-phone');
    await own.fill('bi');
    await phone.page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: 'bicycle' })
      .waitFor();
    await maybeScreenshot(phone.page, 'search-dropdown-phone');

    expect(buyer.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await Promise.all([seller.context.close(), buyer.context.close(), phone.context.close()]);
  });

  it('asks a guest on a private campus to sign in: "Start searching."', async () => {
    const guest = await openPage(env.browser, DESKTOP);
    await guest.page.goto(env.server.url('ut', '/search?q=fridge&show=latest'));
    await guest.page
      .getByRole('dialog')
      .getByText(SEARCH_MESSAGES.signInReason, { exact: true })
      .waitFor();
    await guest.context.close();
  });
});
