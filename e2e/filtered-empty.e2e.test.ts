import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { schoolVerifiedStudent, sendJson, signInElsewhere, tag } from './students';

/**
 * When the listing filters hide every post, the feed and search say it was the
 * filters and offer to clear them; clearing keeps the search's query.
 */

const env = serverAndBrowser();

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
const params = (page: Page) => new URL(page.url()).searchParams;

describe('empty states under filters', () => {
  it('says the filters hid everything and clears them, keeping the query', async () => {
    const buyer = await schoolVerifiedStudent(env.server, env.browser, 'Morgan Lee');
    const text = `Oak desk, walnut stain ${tag()}`;
    const created = await sendJson(buyer.page, '/api/posts', { text, price: 40 });
    expect(created.status).toBe(201);

    // Search: a price cap below the desk hides it; the empty state names the filters.
    await buyer.page.goto(env.server.url('ut', '/search?q=oak%20desk&show=latest&maxPrice=10'));
    // (That it is said instead of the plain "no results", with the hint, is the
    // component test's: SearchResults.test.tsx, ADR 035.)
    const filtered = buyer.page.getByRole('heading', { name: L.noResultsWithFilters('oak desk') });
    await filtered.waitFor();
    await maybeScreenshot(buyer.page, 'filtered-empty-search-desktop');
    await buyer.page.getByRole('button', { name: L.clearAllFilters }).click();
    await card(buyer.page, text).waitFor();
    expect(params(buyer.page).get('q')).toBe('oak desk');
    expect(params(buyer.page).get('maxPrice')).toBeNull();

    // Without filters, the plain empty-state words and no button: SearchResults.test.tsx (ADR 035).

    // The feed: free only hides the $40 desk; clearing brings it back.
    await buyer.page.goto(env.server.url('ut', '/home?free=true'));
    await buyer.page.getByRole('heading', { name: L.nothingMatchesFilters }).waitFor();
    await maybeScreenshot(buyer.page, 'filtered-empty-feed-desktop');
    await buyer.page.getByRole('button', { name: L.clearAllFilters }).click();
    await card(buyer.page, text).waitFor();
    expect(params(buyer.page).get('free')).toBeNull();

    // An empty price in the URL is no filter at all: the desk stays on the feed.
    await buyer.page.goto(env.server.url('ut', '/home?minPrice=&maxPrice='));
    await card(buyer.page, text).waitFor();

    // On a phone the empty state and its button fit the screen.
    const phone = await signInElsewhere(env, buyer.email, MOBILE);
    await phone.page.setViewportSize({ width: 375, height: 812 });
    await phone.page.goto(env.server.url('ut', '/search?q=oak%20desk&show=latest&minPrice=500'));
    await phone.page.getByRole('heading', { name: L.noResultsWithFilters('oak desk') }).waitFor();
    await maybeScreenshot(phone.page, 'filtered-empty-search-phone');
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await phone.page.goto(env.server.url('ut', '/home?free=true'));
    await phone.page.getByRole('heading', { name: L.nothingMatchesFilters }).waitFor();
    await maybeScreenshot(phone.page, 'filtered-empty-feed-phone');
    expect(buyer.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
