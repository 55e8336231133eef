import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import type { PostDto } from '@common/schemas/posts';
import { SALE_MESSAGES as M } from '@common/schemas/sales';
import { violations } from './axe';
import { animationsDone, DESKTOP, maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { schoolVerifiedStudent, sendJson, tag, viewerOf } from './students';

/**
 * A sale and its reviews (ADR 052), with two browsers: the buyer messages the
 * seller about a listing, the seller marks it sold to them, both review, and
 * each review shows on the other's profile, on a phone and a desktop.
 */

const env = serverAndBrowser();

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Opens the listing, "Leave a review for {name}", picks the stars and a tag, posts it. */
async function review(page: Page, listingId: string, name: string, stars: number, shot: string) {
  await page.goto(env.server.url('ut', `/post/${listingId}`));
  await page.getByRole('button', { name: M.reviewFor(name) }).click();
  const dialog = page.getByRole('dialog', { name: M.reviewTitle(name) });
  await dialog.waitFor();
  await animationsDone(dialog);
  await dialog.getByRole('radio', { name: `${stars} stars` }).check();
  await dialog.getByRole('checkbox', { name: 'On time' }).check();
  await dialog.getByLabel(M.textLabel).fill(`Great trade with ${name}`);
  expect(await fitsWidth(page)).toBe(true);
  await maybeScreenshot(page, shot);
  await dialog.getByRole('button', { name: M.submit }).click();
  await page.locator('.alerts').getByText(M.reviewed).first().waitFor();
}

describe('a sale and its reviews', () => {
  it('the seller marks it sold to the buyer who asked; both review; each profile shows it', async () => {
    const seller = await schoolVerifiedStudent(env.server, env.browser, 'Riley Ashby', MOBILE);
    const buyer = await schoolVerifiedStudent(env.server, env.browser, 'Jamie Cole', DESKTOP);
    const [sellerMe, buyerMe] = [await viewerOf(seller.page), await viewerOf(buyer.page)];
    const title = `Walnut desk ${tag()}`;
    const created = await sendJson<PostDto>(seller.page, '/api/posts', { text: title, price: 40 });
    expect(created.status).toBe(201);
    const listing = created.json;
    // The buyer writes to the seller about it, as Send Message on the listing
    // does: the chat is pinned to the listing (ADR 051).
    const chat = await sendJson<{ chat: { id: string } }>(buyer.page, '/api/chats', {
      userId: sellerMe.id,
      listingId: listing.id,
    });
    const sent = await sendJson(buyer.page, `/api/chats/${chat.json.chat.id}/messages`, {
      text: 'Is the desk still for sale?',
    });
    expect(sent.status).toBe(201);

    // The seller: Mark as sold → "Sold to" with the buyer first → sold to them.
    await seller.page.goto(env.server.url('ut', `/post/${listing.id}`));
    await seller.page.getByRole('button', { name: L.markSold, exact: true }).click();
    const dialog = seller.page.getByRole('dialog', { name: M.soldToTitle });
    await dialog.waitFor();
    await animationsDone(dialog);
    const jamie = dialog.getByRole('radio', { name: 'Jamie C.' });
    expect(await jamie.isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: M.someoneElse }).count()).toBe(1);
    expect(await fitsWidth(seller.page)).toBe(true);
    await maybeScreenshot(seller.page, 'sold-to-390');
    expect(await violations(seller.page)).toEqual([]);
    await seller.page.setViewportSize(DESKTOP);
    expect(await fitsWidth(seller.page)).toBe(true);
    await maybeScreenshot(seller.page, 'sold-to-1280');
    await seller.page.setViewportSize(MOBILE);
    await dialog.getByRole('button', { name: M.markSold }).click();
    await seller.page.locator('.alerts').getByText(L.markedSold).first().waitFor();

    await review(seller.page, listing.id, 'Jamie C.', 5, 'review-form-390');
    await seller.page.getByText(M.hiddenUntil).waitFor();
    await review(buyer.page, listing.id, 'Riley A.', 4, 'review-form-1280');

    // Each profile, at both widths: the other side's review, the stars and the counts.
    for (const [who, subject, stars, width] of [
      [buyer, sellerMe.username, '★ 4.0', 1280],
      [seller, buyerMe.username, '★ 5.0', 390],
      [buyer, buyerMe.username, '★ 5.0', 1280],
      [seller, sellerMe.username, '★ 4.0', 390],
    ] as const) {
      await who.page.goto(env.server.url('ut', `/${subject}`));
      const section = who.page.getByRole('region', { name: M.reviewsHeading });
      await section.getByText(stars).waitFor();
      await section.getByText(title, { exact: false }).first().waitFor();
      await section.getByText('On time').first().waitFor();
      expect(await fitsWidth(who.page)).toBe(true);
      await maybeScreenshot(
        who.page,
        `profile-reviews-${width}-${subject === sellerMe.username ? 'seller' : 'buyer'}`,
      );
      expect(await violations(who.page)).toEqual([]);
    }
    expect([...seller.errors, ...buyer.errors]).toEqual([]);
    await Promise.all([seller.context.close(), buyer.context.close()]);
  });
});
