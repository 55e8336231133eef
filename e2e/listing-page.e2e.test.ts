import { format } from 'date-fns';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import { CHAT_MESSAGES } from '@common/schemas/chats';
import type { PostDto } from '@common/schemas/posts';
import { PROFILE_MESSAGES } from '@common/schemas/profiles';
import { SALE_MESSAGES } from '@common/schemas/sales';
import { violations } from './axe';
import {
  animationsDone,
  DESKTOP,
  maybeScreenshot,
  MOBILE,
  NARROW,
  serverAndBrowser,
} from './harness';
import {
  pathOf,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  uploadPhoto,
} from './students';

/**
 * A listing's page as a product page (ADR 048): photos, price, the one action
 * for this viewer, the seller card, the description and the comments, on
 * every width from a small phone to a desktop without sideways scrolling, its
 * dialogs centred in the window.
 */

const env = serverAndBrowser();

const WIDTHS = [NARROW, MOBILE, { width: 768, height: 1024 }, DESKTOP] as const;

/** A real PNG of a solid colour. */
const photo = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A listing with two photos, posted through the API as the page's student. */
async function listingOf(page: Page, text: string, price: number): Promise<PostDto> {
  const mediaIds = [
    await uploadPhoto(page, await photo(900, 700, 48, 110, 190), 'front.png'),
    await uploadPhoto(page, await photo(700, 900, 210, 140, 60), 'side.png'),
  ];
  const created = await sendJson<PostDto>(page, '/api/posts', {
    text,
    mediaIds,
    price,
    obo: true,
    condition: 'like_new',
    category: 'furniture',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json;
}

/** The seller marks a listing sold through the API (PATCH /api/posts/:id): the status. */
const markSold = (page: Page, id: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
      body: JSON.stringify({ status: 'sold' }),
    });
    return res.status;
  }, `/api/posts/${id}`);

/** Nothing scrolls sideways: the page is no wider than the window. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The element's box is wholly inside the window, and its text is not cut. */
async function inView(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(await target.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  return { box, width, height };
}

/** A dialog that opened centred in the window and wholly inside it; closed again with Escape. */
async function centredDialog(page: Page, name: string, label: string) {
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.waitFor();
  await animationsDone(dialog);
  const { box, width, height } = await inView(page, dialog);
  expect(Math.abs(box.x + box.width / 2 - width / 2), `${label}: across`).toBeLessThanOrEqual(1);
  expect(Math.abs(box.y + box.height / 2 - height / 2), `${label}: down`).toBeLessThanOrEqual(1);
  expect(await fitsWidth(page), `${label}: page width`).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('a listing as a product page', () => {
  it("someone else's listing fits 320 to 1280 px: Send Message whole, Share and Send Message centred, the seller card", async () => {
    const seller = await schoolVerifiedStudent(env.server, env.browser, 'Dana Whitfield');
    const text = `Mid-century walnut desk with two drawers ${tag()}`;
    const listing = await listingOf(seller.page, text, 85);
    const sold = await listingOf(seller.page, `Desk lamp ${tag()}`, 10);
    expect(await markSold(seller.page, sold.id)).toBe(200);

    const buyer = await schoolVerifiedStudent(env.server, env.browser, 'Reese Park', WIDTHS[0]);
    const elsewhere = await signInElsewhere(env, buyer.email, WIDTHS[2]);
    const since = PROFILE_MESSAGES.memberSince(format(Date.now(), 'MMMM yyyy'));
    for (const size of WIDTHS) {
      const page = size.width <= 390 ? buyer.page : elsewhere.page;
      const label = `${size.width} px`;
      await page.setViewportSize(size);
      await page.goto(env.server.url('ut', `/post/${listing.id}`));
      const send = page.getByRole('button', { name: CHAT_MESSAGES.sendMessage, exact: true });
      await send.waitFor();
      await page.getByText('$85 · OBO').waitFor();
      const card = page.getByRole('region', { name: L.seller });
      await card.getByText(since, { exact: true }).waitFor();
      await card.getByText(L.listingsSold(1), { exact: true }).waitFor();
      await card.getByRole('link', { name: 'Dana W.' }).waitFor();
      // No Mark as sold for a buyer.
      expect(await page.getByRole('button', { name: L.markSold }).count()).toBe(0);
      // Every photo has arrived, so what is measured is the page as it stays.
      await page.waitForFunction(() => [...document.images].every((i) => i.complete));
      expect(await fitsWidth(page), label).toBe(true);
      await send.scrollIntoViewIfNeeded();
      await inView(page, send);
      if (size.width === 390 || size.width === 1280) {
        await maybeScreenshot(page, `listing-page-buyer-${size.width}`);
        expect(await violations(page), label).toEqual([]);
      }

      await page.getByRole('button', { name: MESSAGES.posts.share, exact: true }).click();
      await centredDialog(page, MESSAGES.posts.share, `Share at ${label}`);
      await send.click();
      await centredDialog(page, CHAT_MESSAGES.startConversationTitle, `Send Message at ${label}`);
    }
    expect(buyer.errors).toEqual([]);
    expect(elsewhere.errors).toEqual([]);
    await Promise.all([seller.context.close(), buyer.context.close(), elsewhere.context.close()]);
  }, 180_000);

  it('the seller sees Mark as sold instead of Send Message; it asks, then the listing shows Sold', async () => {
    const seller = await schoolVerifiedStudent(env.server, env.browser, 'Morgan Ashby', WIDTHS[1]);
    const listing = await listingOf(seller.page, `Road bike, 54 cm frame ${tag()}`, 240);
    const { page } = seller;
    await page.goto(env.server.url('ut', `/post/${listing.id}`));
    const mark = page.getByRole('button', { name: L.markSold, exact: true });
    await mark.waitFor();
    const card = page.getByRole('region', { name: L.seller });
    await card.getByText(L.listingsSold(0), { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: CHAT_MESSAGES.sendMessage }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await maybeScreenshot(page, 'listing-page-seller-390');
    expect(await violations(page)).toEqual([]);

    await mark.click();
    // "Sold to" (ADR 052): nobody messaged about it, so "Someone else" is the choice.
    const dialog = page.getByRole('dialog', { name: SALE_MESSAGES.soldToTitle, exact: true });
    await dialog.waitFor();
    await animationsDone(dialog);
    await inView(page, dialog);
    await dialog.getByText(SALE_MESSAGES.noCandidates).waitFor();
    await dialog.getByRole('button', { name: L.markSold, exact: true }).click();
    await page.locator('.alerts').getByText(L.markedSold).first().waitFor();
    await page.getByText(L.sold, { exact: true }).waitFor();
    await card.getByText(L.listingsSold(1), { exact: true }).waitFor();
    expect(await mark.count()).toBe(0);
    expect(pathOf(page)).toBe(`/post/${listing.id}`);

    await page.setViewportSize(WIDTHS[3]);
    expect(await fitsWidth(page)).toBe(true);
    await maybeScreenshot(page, 'listing-page-seller-1280');
    expect(seller.errors).toEqual([]);
    await seller.context.close();
  });
});
