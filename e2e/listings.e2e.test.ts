import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { SALE_MESSAGES as SALE } from '@common/schemas/sales';
import { SEARCH_MESSAGES } from '@common/schemas/search';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { pathOf, schoolVerifiedStudent, signInElsewhere, tag } from './students';

/**
 * Listings (ADR 023): a seller lists a desk at $40 OBO in "like new" condition,
 * a buyer filters by price, the seller marks it sold and it leaves the feed.
 */

// A campus of its own: the test counts every post, or every message, it shows.
const env = serverAndBrowser({ ownServer: {} });

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe('listings', () => {
  it('lists a desk with a price, finds it by price, and drops it from the feed once sold', async () => {
    const [seller, buyer] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Riley Stone'),
      schoolVerifiedStudent(env.server, env.browser, 'Avery Quinn'),
    ]);
    const text = `Oak desk, sturdy, two drawers ${tag()}`;

    // The seller lists it from the composer.
    await seller.page.goto(env.server.url('ut', '/home'));
    await seller.page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    const dialog = seller.page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    await dialog.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder }).fill(text);
    await dialog.getByRole('textbox', { name: L.price }).fill('40');
    await dialog.getByRole('checkbox', { name: L.oboShort }).check();
    await dialog.getByRole('combobox', { name: L.condition }).selectOption('like_new');
    await dialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    await card(seller.page, text).getByText('$40 · OBO').waitFor();
    await card(seller.page, text).getByText('Like new').waitFor();

    // The buyer sees it on the feed's card, and filters by price.
    await buyer.page.goto(env.server.url('ut', '/home'));
    await card(buyer.page, text).getByText('$40 · OBO').waitFor();
    await maybeScreenshot(buyer.page, 'listings-feed-desktop');
    await buyer.page.getByRole('button', { name: L.filters }).click();
    await buyer.page.getByRole('textbox', { name: L.maxPrice }).fill('30');
    await maybeScreenshot(buyer.page, 'listings-filters-desktop');
    await buyer.page.getByRole('button', { name: L.applyFilters }).click();
    await expect.poll(() => new URL(buyer.page.url()).searchParams.get('maxPrice')).toBe('30');
    await expect.poll(() => card(buyer.page, text).count()).toBe(0);
    // A reload keeps the filter; a wider one finds the desk.
    await buyer.page.goto(env.server.url('ut', '/home?maxPrice=50&sort=price'));
    await card(buyer.page, text).getByText('$40 · OBO').waitFor();
    await buyer.page.getByRole('button', { name: L.filters }).click();
    expect(await buyer.page.getByRole('textbox', { name: L.maxPrice }).inputValue()).toBe('50');

    // Search takes the same filters, kept in its URL too.
    await buyer.page.goto(env.server.url('ut', '/search?q=oak%20desk&show=latest'));
    await card(buyer.page, text).getByText('$40 · OBO').waitFor();
    await buyer.page.getByRole('button', { name: L.filters }).click();
    await buyer.page.getByRole('textbox', { name: L.maxPrice }).fill('30');
    await buyer.page.getByRole('button', { name: L.applyFilters }).click();
    await expect.poll(() => new URL(buyer.page.url()).searchParams.get('maxPrice')).toBe('30');
    await buyer.page
      .getByRole('heading', { name: SEARCH_MESSAGES.noResults('oak desk') })
      .waitFor();
    await maybeScreenshot(buyer.page, 'listings-search-filtered-desktop');

    // On a phone the card and the filters fit the screen.
    const phone = await signInElsewhere(env, buyer.email, MOBILE);
    await phone.page.setViewportSize({ width: 375, height: 812 });
    await phone.page.goto(env.server.url('ut', '/home'));
    await card(phone.page, text).getByText('$40 · OBO').waitFor();
    await phone.page.getByRole('button', { name: L.filters }).click();
    await phone.page.getByRole('textbox', { name: L.maxPrice }).waitFor();
    await maybeScreenshot(phone.page, 'listings-filters-phone');
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // The seller marks it sold from the post's menu: nobody wrote about it,
    // so "Sold to" offers only "Someone else" (ADR 052).
    await card(seller.page, text).locator('a[href^="/post/"]').first().click();
    await expect.poll(() => pathOf(seller.page)).toMatch(/^\/post\//);
    await seller.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await seller.page.getByRole('menuitem', { name: L.markSold }).click();
    const soldTo = seller.page.getByRole('dialog', { name: SALE.soldToTitle });
    expect(await soldTo.getByRole('radio', { name: SALE.someoneElse }).isChecked()).toBe(true);
    await soldTo.getByRole('button', { name: SALE.markSold }).click();
    await seller.page.getByText(L.sold, { exact: true }).waitFor();
    await maybeScreenshot(seller.page, 'listings-sold-desktop');

    // It leaves the buyer's feed; "Include sold" brings it back with its badge.
    await buyer.page.goto(env.server.url('ut', '/home'));
    // The desk was this server's only post: the feed is empty now.
    await buyer.page.getByRole('heading', { name: MESSAGES.feedEmptyHint }).waitFor();
    expect(await card(buyer.page, text).count()).toBe(0);
    await buyer.page.goto(env.server.url('ut', '/home?includeSold=true'));
    await card(buyer.page, text).getByText(L.sold, { exact: true }).waitFor();
    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });
});
