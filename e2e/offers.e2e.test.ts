import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { CHAT_MESSAGES } from '@common/schemas/chats';
import { OFFER_MESSAGES as M } from '@common/schemas/offers';
import type { PostDto } from '@common/schemas/posts';
import { violations } from './axe';
import { DESKTOP, MOBILE, maybeScreenshot, serverAndBrowser } from './harness';
import { pathOf, schoolVerifiedStudent, sendJson, tag } from './students';

/**
 * A chat about a listing (ADR 051): the buyer starts it from the listing, sees
 * it pinned, offers $30 from "Can you do $…?"; the seller counters $35; the
 * buyer accepts and the listing turns Pending. The buyer on a phone (390 px),
 * the seller on a desktop (1280 px).
 */

const env = serverAndBrowser();
const cardOf = (page: Page, name: 'Offer' | 'Counter-offer') =>
  page.getByRole('list', { name: 'Messages' }).getByRole('group', { name, exact: true });
const live = (page: Page) => page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));

describe('offers in a chat about a listing', () => {
  it('goes from Send Message to an accepted counter-offer and a Pending listing', async () => {
    const [buyer, seller] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Riley Brooks', MOBILE),
      schoolVerifiedStudent(env.server, env.browser, 'Morgan Hale', DESKTOP),
    ]);
    const title = `Walnut desk ${tag()}`;
    const listing = await sendJson<PostDto>(seller.page, '/api/posts', {
      text: `${title}\nSolid wood, one drawer`,
      price: 40,
    });

    // Send Message on the listing: the chat opens with the listing pinned.
    const buyerSocket = live(buyer.page);
    await buyer.page.goto(env.server.url('ut', `/post/${listing.json.id}`));
    await buyer.page.getByRole('button', { name: CHAT_MESSAGES.sendMessage }).first().click();
    await buyer.page.getByRole('button', { name: CHAT_MESSAGES.startConversation }).click();
    // The pin is the link to the listing (the inbox's row names the listing too).
    const pinOf = (page: Page) =>
      page.getByRole('link', { name: title }).and(page.locator('a[href^="/post/"]'));
    const pin = pinOf(buyer.page);
    await pin.waitFor();
    await buyerSocket;
    const chatPath = pathOf(buyer.page);

    const sellerSocket = live(seller.page);
    await seller.page.goto(env.server.url('ut', chatPath));
    await pinOf(seller.page).waitFor();
    await sellerSocket;

    // "Can you do $…?" opens the offer dialog; the buyer offers $30.
    await buyer.page.getByRole('button', { name: M.openerOffer }).click();
    const offerDialog = buyer.page.getByRole('dialog', { name: M.makeOffer });
    await offerDialog.getByLabel(M.amount).fill('30');
    await maybeScreenshot(buyer.page, 'offer-dialog-phone');
    await offerDialog.getByRole('button', { name: M.send }).click();
    await offerDialog.waitFor({ state: 'detached' });

    // The seller sees it live and counters $35.
    const offer = cardOf(seller.page, 'Offer');
    await offer.getByText('Offer: $30').waitFor();
    await offer.getByRole('button', { name: M.counter }).click();
    const counterDialog = seller.page.getByRole('dialog', { name: M.counterTitle });
    await counterDialog.getByLabel(M.counterAmount).fill('35');
    await counterDialog.getByRole('button', { name: M.send }).click();
    await offer.getByText('Countered', { exact: true }).waitFor();

    // The buyer accepts the counter; both read Accepted and the listing is Pending.
    const counter = cardOf(buyer.page, 'Counter-offer');
    await counter.getByText('Counter-offer: $35').waitFor();
    await counter.getByRole('button', { name: M.accept }).click();
    await counter.getByText('Accepted', { exact: true }).waitFor();
    await cardOf(seller.page, 'Counter-offer').getByText('Accepted', { exact: true }).waitFor();
    await counter.getByRole('button', { name: M.suggestMeetup }).waitFor();
    await pin.getByText('Pending').waitFor();
    await pinOf(seller.page).getByText('Pending').waitFor();
    await maybeScreenshot(buyer.page, 'offer-accepted-phone');
    await maybeScreenshot(seller.page, 'offer-accepted-desktop');

    // The other student can be reported from the chat's menu.
    await seller.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await seller.page.getByRole('menuitem', { name: 'Report user' }).waitFor();
    await seller.page.keyboard.press('Escape');

    // Within the phone's width, and accessible.
    const width = await buyer.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    expect(await violations(buyer.page)).toEqual([]);
    const status = await buyer.page.evaluate(async (id) => {
      const res = await fetch(`/api/posts/${id}`);
      return ((await res.json()) as { post: { status: string } }).post.status;
    }, listing.json.id);
    expect(status).toBe('pending');
  });
});
