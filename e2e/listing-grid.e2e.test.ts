import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FEED_VIEW_MESSAGES as V } from '@common/feed-view';
import { LISTING_MESSAGES as L } from '@common/listings';
import type { PostDto } from '@common/schemas/posts';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, NARROW, serverAndBrowser } from './harness';
import {
  once,
  pathOf,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  uploadPhoto,
} from './students';

/**
 * Browsing like a marketplace (ADR 047): a listing's card leads with its photo
 * and price and opens on a tap; the feed turns into a grid of tiles, two
 * columns on a phone and more on a desktop, kept across a reload, with the
 * filters still at work.
 */

const env = serverAndBrowser();

/** A plain colour photo, 4:3. */
const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A seller with a desk ($40 OBO, a photo), a lamp ($10, a photo) and a textbook ($25, no photo). */
const market = once(async () => {
  const seller = await schoolVerifiedStudent(env.server, env.browser, 'Riley Stone');
  const id = tag();
  const list = async (text: string, price: number, photos: Buffer[], obo = false) => {
    const mediaIds = [];
    for (const p of photos) mediaIds.push(await uploadPhoto(seller.page, p));
    const made = await sendJson<PostDto>(seller.page, '/api/posts', {
      text,
      mediaIds,
      price,
      obo,
      condition: 'good',
    });
    expect(made.status).toBe(201);
    return { ...made.json, title: text.split('\n')[0]! };
  };
  const textbook = await list(
    `Calculus textbook ${id}\nEarly transcendentals, 8th edition.`,
    25,
    [],
  );
  const lamp = await list(`Desk lamp ${id}`, 10, [await photo(230, 180, 40)]);
  const desk = await list(
    `Oak desk ${id}\nSturdy, two drawers, from a smoke-free dorm.`,
    40,
    [await photo(120, 80, 40)],
    true,
  );
  await seller.context.close();
  const buyer = await schoolVerifiedStudent(env.server, env.browser, 'Avery Quinn', MOBILE);
  return { desk, lamp, textbook, buyer };
});

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** How many columns the feed's first tiles make: their distinct left edges. */
const columns = async (page: Page) => {
  const tiles = page.getByRole('list', { name: 'Posts' }).getByRole('article');
  await tiles.first().waitFor();
  const lefts = await tiles.evaluateAll((all) =>
    all.slice(0, 8).map((t) => Math.round(t.getBoundingClientRect().left)),
  );
  return new Set(lefts).size;
};

const pressed = (page: Page, name: string) =>
  page
    .getByRole('group', { name: V.label })
    .getByRole('button', { name })
    .getAttribute('aria-pressed');

describe('listings like a marketplace', () => {
  it("a listing's card leads with its photo and large price, and a tap on its body opens it", async () => {
    const { desk, buyer } = await market();
    const { page } = buyer;
    await page.goto(env.server.url('ut', '/home'));
    const card = page.getByRole('article', { name: desk.title });
    await card.waitFor();
    expect(await pressed(page, V.list)).toBe('true');
    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
    const img = await box(card.getByRole('img', { name: /^Photo 1 of 1/ }));
    const price = card.getByText('$40 · OBO', { exact: true });
    const title = card.getByRole('heading', { name: desk.title });
    expect(img.y).toBeLessThan((await box(price)).y);
    expect((await box(price)).y).toBeLessThan((await box(title)).y);
    const size = await price.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(22);
    expect(await violations(page)).toEqual([]);
    await maybeScreenshot(page, 'listing-cards-phone');
    expect(await noOverflow(page)).toBe(true);

    // Save is a button of its own: no listing opens.
    await card.getByRole('button', { name: /Save/ }).click();
    expect(pathOf(page)).toBe('/home');
    // A tap on the description opens the listing.
    await card.getByText('Sturdy, two drawers').click();
    await expect.poll(() => pathOf(page)).toBe(`/post/${desk.id}`);
    expect(buyer.errors).toEqual([]);
  });

  it('the grid: two columns on a phone, a price on every tile, kept on reload, filters still apply', async () => {
    const { desk, lamp, textbook, buyer } = await market();
    const { page } = buyer;
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('button', { name: V.grid }).click();
    expect(await pressed(page, V.grid)).toBe('true');
    expect(await columns(page)).toBe(2);
    for (const [listing, price] of [
      [desk, '$40 · OBO'],
      [lamp, '$10'],
      [textbook, '$25'],
    ] as const) {
      const tile = page.getByRole('article', { name: listing.title });
      await tile.getByText(price, { exact: true }).waitFor();
    }
    // The textbook has no photo: a text tile.
    expect(await page.getByRole('article', { name: textbook.title }).locator('img').count()).toBe(
      0,
    );
    expect(await noOverflow(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await maybeScreenshot(page, 'listing-grid-phone');
    // The smallest phone: still two columns, and nothing (the category's
    // select among them) widens the page.
    const phone = page.viewportSize()!;
    await page.setViewportSize(NARROW);
    expect(await columns(page)).toBe(2);
    // Against the window's own 320 px: a phone's browser widens innerWidth to fit.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await page.setViewportSize(phone);

    // A reload keeps the grid, drawn so by the server before the app runs, in the same place.
    // The app's scripts are kept from the page, and its service worker (which would serve
    // them from its cache, ADR 058) from the context.
    const bareContext = await env.browser.newContext({
      viewport: phone,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
      storageState: await buyer.context.storageState(),
    });
    const bare = await bareContext.newPage();
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto(env.server.url('ut', '/home'));
    const drawn = bare.locator('#quad-first-posts article').first();
    await drawn.waitFor();
    const before = await drawn.boundingBox();
    await bareContext.close();
    await page.reload();
    expect(await pressed(page, V.grid)).toBe('true');
    const first = page.getByRole('list', { name: 'Posts' }).getByRole('article').first();
    await first.waitFor();
    expect(await first.boundingBox()).toEqual(before);

    // The filters apply to the grid: up to $30 leaves the lamp and the textbook.
    await page.getByRole('button', { name: L.filters }).click();
    await page.getByRole('textbox', { name: L.maxPrice }).fill('30');
    await page.getByRole('button', { name: L.applyFilters }).click();
    await expect.poll(() => page.getByRole('article', { name: desk.title }).count()).toBe(0);
    await page.getByRole('article', { name: lamp.title }).getByText('$10').waitFor();
    expect(await pressed(page, V.grid)).toBe('true');

    // A tap on a tile opens its listing.
    await page.getByRole('article', { name: lamp.title }).click();
    await expect.poll(() => pathOf(page)).toBe(`/post/${lamp.id}`);
    expect(buyer.errors).toEqual([]);
  });

  it('the grid on a desktop has three columns or more, without overflow', async () => {
    const { desk, buyer } = await market();
    const desktop = await signInElsewhere(env, buyer.email, DESKTOP);
    const { page } = desktop;
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('article', { name: desk.title }).waitFor();
    await maybeScreenshot(page, 'listing-cards-desktop');
    await page.getByRole('button', { name: V.grid }).click();
    expect(await columns(page)).toBeGreaterThanOrEqual(3);
    await page.getByRole('article', { name: desk.title }).getByText('$40 · OBO').waitFor();
    expect(await noOverflow(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await maybeScreenshot(page, 'listing-grid-desktop');
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });
});
