import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import { CHAT_MESSAGES } from '@common/schemas/chats';
import { OFFER_MESSAGES as M, OFFER_STATUS_TEXT, offerAnsweredText } from '@common/schemas/offers';
import type { PostDto } from '@common/schemas/posts';
import { SALE_MESSAGES as S } from '@common/schemas/sales';
import { violations } from './axe';
import { animationsDone, DESKTOP, maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { pathOf, schoolVerifiedStudent, sendJson, tag, viewerOf } from './students';

/**
 * The whole chain from a listing to two reviews (ADR 051, 052, 061), with a
 * browser each for the buyer, the seller and a second buyer, once on phones
 * (390 px) and once on desktops (1280 px): Send Message on the listing, the
 * pinned listing, "Can you do $…?" → $30, the seller's $35 counter seen live,
 * the buyer accepts it live, everyone reads Pending; the seller marks it sold
 * to the buyer, the second buyer's open offer closes live with no actions;
 * both sides review, and both profiles show the stars and the counts.
 */

const env = serverAndBrowser();

const cardOf = (page: Page, name: 'Offer' | 'Counter-offer') =>
  page.getByRole('list', { name: 'Messages' }).getByRole('group', { name, exact: true });
const live = (page: Page) => page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));

describe.each([
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const)('a sale from first message to reviews at %s px', (width, viewport) => {
  it('goes listing → offer → counter → accepted → Pending → sold → reviews on both profiles', async () => {
    const suffix = tag();
    const [buyer, seller, other] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Riley Brooks', viewport),
      schoolVerifiedStudent(env.server, env.browser, 'Morgan Hale', viewport),
      schoolVerifiedStudent(env.server, env.browser, 'Casey Lund', viewport),
    ]);
    const [buyerMe, sellerMe] = [await viewerOf(buyer.page), await viewerOf(seller.page)];
    const everyone = [buyer, seller, other];
    /** No sideways scroll on any of the three pages, against the width set (not the window's). */
    const fits = async () => {
      // A student still on the JSON page they signed in from (landOn) shows no app yet.
      for (const who of everyone.filter((s) => !pathOf(s.page).startsWith('/api/')))
        expect(
          await who.page.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(viewport.width);
    };

    const title = `Walnut desk ${suffix}`;
    const listing = (
      await sendJson<PostDto>(seller.page, '/api/posts', {
        text: `${title}\nSolid wood, one drawer`,
        price: 40,
      })
    ).json;

    // A second buyer already offered $25 and watches their chat.
    const otherChat = await sendJson<{ chat: { id: string } }>(other.page, '/api/chats', {
      userId: sellerMe.id,
      listingId: listing.id,
    });
    expect(
      (await sendJson(other.page, `/api/chats/${otherChat.json.chat.id}/offers`, { amount: 25 }))
        .status,
    ).toBe(201);
    const otherSocket = live(other.page);
    await other.page.goto(env.server.url('ut', `/messages/${otherChat.json.chat.id}`));
    const otherCard = cardOf(other.page, 'Offer');
    await otherCard.getByText('Offer: $25').waitFor();
    await otherCard.getByRole('button', { name: M.withdraw }).waitFor();
    await otherSocket;

    // The buyer opens the listing → Send Message → the chat, with the listing pinned.
    const buyerSocket = live(buyer.page);
    await buyer.page.goto(env.server.url('ut', `/post/${listing.id}`));
    await buyer.page.getByText(title).first().waitFor();
    await fits();
    await buyer.page.getByRole('button', { name: CHAT_MESSAGES.sendMessage }).first().click();
    await buyer.page.getByRole('button', { name: CHAT_MESSAGES.startConversation }).click();
    const pinOf = (page: Page) =>
      page.getByRole('link', { name: title }).and(page.locator('a[href^="/post/"]'));
    const pin = pinOf(buyer.page);
    await pin.waitFor();
    await buyerSocket;
    const chatPath = pathOf(buyer.page);
    await fits();

    const sellerSocket = live(seller.page);
    await seller.page.goto(env.server.url('ut', chatPath));
    await pinOf(seller.page).waitFor();
    await sellerSocket;

    // "Can you do $…?" opens the offer dialog; the buyer offers $30.
    await buyer.page.getByRole('button', { name: M.openerOffer }).click();
    const offerDialog = buyer.page.getByRole('dialog', { name: M.makeOffer });
    await offerDialog.getByText(M.makeOfferText).waitFor();
    await offerDialog.getByLabel(M.amount).fill('30');
    await fits();
    await offerDialog.getByRole('button', { name: M.send }).click();
    await offerDialog.waitFor({ state: 'detached' });
    await cardOf(buyer.page, 'Offer').getByText('Offer: $30').waitFor();

    // The seller sees it live and counters $35.
    const offer = cardOf(seller.page, 'Offer');
    await offer.getByText('Offer: $30').waitFor();
    await offer.getByText(OFFER_STATUS_TEXT.open, { exact: true }).waitFor();
    await fits();
    await offer.getByRole('button', { name: M.counter }).click();
    const counterDialog = seller.page.getByRole('dialog', { name: M.counterTitle });
    await counterDialog.getByLabel(M.counterAmount).fill('35');
    await counterDialog.getByRole('button', { name: M.send }).click();
    await offer.getByText(OFFER_STATUS_TEXT.countered, { exact: true }).waitFor();

    // The buyer sees the counter live and accepts it; both cards read Accepted.
    const counter = cardOf(buyer.page, 'Counter-offer');
    await counter.getByText('Counter-offer: $35').waitFor();
    await cardOf(buyer.page, 'Offer')
      .getByText(OFFER_STATUS_TEXT.countered, { exact: true })
      .waitFor();
    await fits();
    await counter.getByRole('button', { name: M.accept }).click();
    await counter.getByText(OFFER_STATUS_TEXT.accepted, { exact: true }).waitFor();
    await cardOf(seller.page, 'Counter-offer')
      .getByText(OFFER_STATUS_TEXT.accepted, { exact: true })
      .waitFor();
    await counter.getByRole('button', { name: M.suggestMeetup }).waitFor();
    await pin.getByText(L.pending).waitFor();
    await pinOf(seller.page).getByText(L.pending).waitFor();
    await fits();
    expect(await violations(buyer.page)).toEqual([]);

    // The other student can be reported from the chat's menu.
    await seller.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await seller.page.getByRole('menuitem', { name: 'Report user' }).waitFor();
    await seller.page.keyboard.press('Escape');

    // Pending to everyone: the second buyer reads it on the listing's page.
    await other.page.goto(env.server.url('ut', `/post/${listing.id}`));
    await other.page.getByText(L.pending, { exact: true }).first().waitFor();
    await fits();
    const otherBack = live(other.page);
    await other.page.goto(env.server.url('ut', `/messages/${otherChat.json.chat.id}`));
    await otherCard.getByRole('button', { name: M.withdraw }).waitFor();
    await otherBack;

    // The seller marks it sold: "Sold to" lists both buyers; the buyer who accepted is chosen.
    await seller.page.goto(env.server.url('ut', `/post/${listing.id}`));
    await seller.page.getByRole('button', { name: L.markSold, exact: true }).click();
    const soldTo = seller.page.getByRole('dialog', { name: S.soldToTitle });
    await soldTo.waitFor();
    await animationsDone(soldTo);
    expect(await soldTo.getByRole('radio').count()).toBe(3);
    await soldTo.getByRole('radio', { name: 'Casey L.' }).waitFor();
    await soldTo.getByRole('radio', { name: S.someoneElse }).waitFor();
    await soldTo.getByRole('radio', { name: 'Riley B.' }).check();
    await fits();
    await soldTo.getByRole('button', { name: S.markSold }).click();
    await seller.page.locator('.alerts').getByText(L.markedSold).first().waitFor();

    // The second buyer's offer ends live: the listing sold, no Withdraw any more.
    await otherCard.getByText(OFFER_STATUS_TEXT.closed, { exact: true }).waitFor();
    expect(OFFER_STATUS_TEXT.closed).toBe('Closed: the listing sold');
    expect(await otherCard.getByRole('button').count()).toBe(0);
    await pinOf(other.page).getByText(L.sold, { exact: true }).waitFor();
    await fits();
    await maybeScreenshot(other.page, `offer-closed-${width}`);
    expect(await violations(other.page)).toEqual([]);
    await other.page.goto(env.server.url('ut', '/notifications'));
    await other.page
      .getByText(offerAnsweredText('Morgan', 'closed', 25))
      .first()
      .waitFor();
    await fits();

    // Both review: the seller first (hidden until the buyer reviews too), then the buyer.
    const review = async (page: Page, name: string, stars: number) => {
      await page.goto(env.server.url('ut', `/post/${listing.id}`));
      await page.getByRole('button', { name: S.reviewFor(name) }).click();
      const dialog = page.getByRole('dialog', { name: S.reviewTitle(name) });
      await dialog.waitFor();
      await animationsDone(dialog);
      await dialog.getByRole('radio', { name: `${stars} stars` }).check();
      await dialog.getByRole('checkbox', { name: 'On time' }).check();
      await dialog.getByLabel(S.textLabel).fill(`Great trade with ${name}`);
      await fits();
      await dialog.getByRole('button', { name: S.submit }).click();
      await page.locator('.alerts').getByText(S.reviewed).first().waitFor();
    };
    await review(seller.page, 'Riley B.', 5);
    await seller.page.getByText(S.hiddenUntil).waitFor();
    // Not shown to anyone yet: the buyer's profile has no reviews.
    await other.page.goto(env.server.url('ut', `/${buyerMe.username}`));
    await other.page
      .getByRole('region', { name: S.reviewsHeading })
      .getByText(S.noReviews('Riley'))
      .waitFor();
    await review(buyer.page, 'Morgan H.', 4);

    // Both reviews show on both profiles, to anyone: the stars, the count, sold and bought.
    for (const [subject, stars, sold, bought, author] of [
      [sellerMe.username, '★ 4.0', '1 sold', '0 bought', 'Riley B.'],
      [buyerMe.username, '★ 5.0', '0 sold', '1 bought', 'Morgan H.'],
    ] as const) {
      await other.page.goto(env.server.url('ut', `/${subject}`));
      const section = other.page.getByRole('region', { name: S.reviewsHeading });
      await section.getByText(stars).waitFor();
      const stat = (text: string) => section.getByRole('listitem').filter({ hasText: text });
      expect(await stat(`${stars} · 1 review`).count()).toBe(1);
      expect(await stat(sold).count()).toBe(1);
      expect(await stat(bought).count()).toBe(1);
      await section.getByText(author).first().waitFor();
      await section.getByText(title, { exact: false }).first().waitFor();
      await section.getByText('On time').first().waitFor();
      await fits();
      await maybeScreenshot(
        other.page,
        `chain-profile-${width}-${subject === sellerMe.username ? 'seller' : 'buyer'}`,
      );
      expect(await violations(other.page)).toEqual([]);
    }
    expect(everyone.flatMap((s) => s.errors)).toEqual([]);
    await Promise.all(everyone.map((s) => s.context.close()));
    // Three students and a dozen pages: about 28 s alone, over 60 s beside another worker's files.
  }, 240_000);
});
