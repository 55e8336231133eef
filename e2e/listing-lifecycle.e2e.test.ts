import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { PostDto } from '@common/schemas/posts';
import { SALE_MESSAGES } from '@common/schemas/sales';
import { SEARCH_MESSAGES } from '@common/schemas/search';
import { violations } from './axe';
import { animationsDone, maybeScreenshot, serverAndBrowser } from './harness';
import {
  runJob,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  viewerOf,
} from './students';

/**
 * The listing's lifecycle (ADR 029): fourteen days on, the seller is asked "Did
 * it sell?" and answers Still available (the listing heads the feed) and Sold
 * from the notification, which then shows the answer instead of its buttons; a
 * listing untouched for 60 days leaves the feed, shows "Expired" on the
 * seller's profile, and Renew brings it back. Time passes by moving the rows'
 * times back in the server's database. A saved search keeps its price filters
 * (ADR 023).
 */

const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 375, height: 812 };
// No feed cache: rows changed behind the server's back show at once.
const env = serverAndBrowser({ ownServer: { POSTS_CACHE_MS: '0' } });

/** Runs `sql` with `args` on the server's SQLite database. */
function onDatabase(sql: string, ...args: unknown[]): void {
  const db = new Database(path.join(env.server.dataDir, 'quad.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

const question = (page: Page, text: string) =>
  page.getByRole('listitem').filter({ hasText: `${L.didItSell} ${text}` });
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
/** What the app says after an action: a status when it went, an alert when refused. */
const alertSaying = (page: Page, text: string) => page.locator('.alerts').getByText(text).first();

describe('the listing lifecycle', () => {
  it('asks "Did it sell?" after 14 days; Still available bumps it once a week, Sold marks it sold', async () => {
    const seller = await schoolVerifiedStudent(env.server, env.browser, 'Dana Whitfield');
    const desk = `Walnut desk ${tag()}`;
    const lamp = `Brass lamp ${tag()}`;
    const chair = `Folding chair ${tag()}`;
    const listed: PostDto[] = [];
    for (const [text, price] of [
      [desk, 45],
      [lamp, 12],
      [chair, 10],
    ] as const) {
      const res = await sendJson<PostDto>(seller.page, '/api/posts', { text, price });
      expect(res.status).toBe(201);
      listed.push(res.json);
    }
    // Fifteen days pass; someone posts since, so the desk is no longer on top.
    onDatabase(
      `update posts set created_at = created_at - ?, updated_at = updated_at - ?,
         ask_sold_at = ? where id in (?, ?, ?)`,
      15 * DAY,
      15 * DAY,
      Date.now() - 1000,
      listed[0]!.id,
      listed[1]!.id,
      listed[2]!.id,
    );
    expect(
      (await sendJson(seller.page, '/api/posts', { text: `Anyone at the game? ${tag()}` })).status,
    ).toBe(201);

    // The job (every minute on every server, run now here; its timer may come first) asks
    // once for each listing: a second run finds nothing left to ask.
    await runJob(env.server, 'did-it-sell');
    expect(await runJob(env.server, 'did-it-sell')).toBe(0);
    await seller.page.goto(env.server.url('ut', '/notifications'));
    await question(seller.page, desk).waitFor();
    await question(seller.page, lamp).waitFor();
    await question(seller.page, chair).waitFor();
    await maybeScreenshot(seller.page, 'did-it-sell-desktop');

    // Still available: the desk heads the feed again, and its question says so instead of asking.
    await question(seller.page, desk).getByRole('button', { name: L.answerStillAvailable }).click();
    await alertSaying(seller.page, L.bumped).waitFor();
    await question(seller.page, desk).getByText(L.bumped).waitFor();
    expect(await question(seller.page, desk).getByRole('button').count()).toBe(0);

    // Sold asks "Sold to" as the listing's Mark as sold does (nobody messaged about the lamp).
    await question(seller.page, lamp).getByRole('button', { name: L.answerSold }).click();
    const soldTo = seller.page.getByRole('dialog', { name: SALE_MESSAGES.soldToTitle });
    await soldTo.getByText(SALE_MESSAGES.noCandidates).waitFor();
    expect(await soldTo.getByRole('radio', { name: SALE_MESSAGES.someoneElse }).isChecked()).toBe(
      true,
    );
    await animationsDone(soldTo);
    await maybeScreenshot(seller.page, 'did-it-sell-sold-to-desktop');
    await soldTo.getByRole('button', { name: SALE_MESSAGES.markSold }).click();
    await alertSaying(seller.page, L.markedSold).waitFor();
    await question(seller.page, lamp).getByText(L.markedSold).waitFor();
    expect(await question(seller.page, lamp).getByRole('button').count()).toBe(0);
    // Answered questions stay answered after a reload; the chair's still asks.
    await seller.page.reload();
    await question(seller.page, desk).getByText(L.bumped).waitFor();
    await question(seller.page, lamp).getByText(L.markedSold).waitFor();
    await question(seller.page, chair).getByRole('button', { name: L.answerSold }).waitFor();
    await maybeScreenshot(seller.page, 'did-it-sell-answered');

    await seller.page.goto(env.server.url('ut', '/home'));
    await expect
      .poll(async () => seller.page.getByRole('article').first().textContent())
      .toContain(desk);
    await expect.poll(() => card(seller.page, lamp).count()).toBe(0);
    await seller.page.goto(env.server.url('ut', `/post/${listed[1]!.id}`));
    await seller.page.getByText(L.sold, { exact: true }).waitFor();

    // On a phone the question and its answers fit the screen.
    const phone = await signInElsewhere(env, seller.email, PHONE);
    await phone.page.goto(env.server.url('ut', '/notifications'));
    const onPhone = question(phone.page, chair);
    await onPhone.getByRole('button', { name: L.answerDelete }).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await maybeScreenshot(phone.page, 'did-it-sell-phone');
    expect(await violations(phone.page)).toEqual([]);
    // Its "Sold to" fits the phone too; Escape leaves it unanswered.
    await onPhone.getByRole('button', { name: L.answerSold }).click();
    const phoneSoldTo = phone.page.getByRole('dialog', { name: SALE_MESSAGES.soldToTitle });
    await phoneSoldTo.getByText(SALE_MESSAGES.noCandidates).waitFor();
    await animationsDone(phoneSoldTo);
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(PHONE.width);
    await maybeScreenshot(phone.page, 'did-it-sell-sold-to-phone');
    await phone.page.keyboard.press('Escape');
    await phoneSoldTo.waitFor({ state: 'detached' });

    // Delete, after the usual confirmation: the listing and its question go.
    await onPhone.getByRole('button', { name: L.answerDelete }).click();
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => question(phone.page, chair).count()).toBe(0);
    // That the post is gone from the API (404) is the server suite's (delete.test.ts, ADR 035).

    expect([...seller.errors, ...phone.errors]).toEqual([]);
    await Promise.all([seller.context.close(), phone.context.close()]);
  }, 360_000);

  it('a listing untouched for 60 days leaves the feed, shows "Expired" to its seller, and Renew brings it back', async () => {
    const seller = await schoolVerifiedStudent(env.server, env.browser, 'Quinn Mercer');
    const text = `Bookshelf, pine ${tag()}`;
    const res = await sendJson<PostDto>(seller.page, '/api/posts', { text, price: 30 });
    expect(res.status).toBe(201);
    onDatabase(
      `update posts set created_at = created_at - ?, updated_at = updated_at - ?,
         expires_at = ?, ask_sold_at = null where id = ?`,
      61 * DAY,
      61 * DAY,
      Date.now() - 1000,
      res.json.id,
    );

    await seller.page.goto(env.server.url('ut', '/home'));
    await seller.page.getByRole('article').first().waitFor();
    expect(await card(seller.page, text).count()).toBe(0);

    // Its own page still works, marked "Expired"; the seller's menu offers Renew.
    await seller.page.goto(env.server.url('ut', `/post/${res.json.id}`));
    await seller.page.getByText(L.expired, { exact: true }).waitFor();
    await seller.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await seller.page.getByRole('menuitem', { name: L.renew }).waitFor();
    await seller.page.keyboard.press('Escape');

    // On the seller's profile: marked "Expired", with Renew.
    const { username } = await viewerOf(seller.page);
    await seller.page.goto(env.server.url('ut', `/${username}`));
    const expired = card(seller.page, text);
    await expired.getByText(L.expired, { exact: true }).waitFor();
    await maybeScreenshot(seller.page, 'expired-card-desktop');

    const phone = await signInElsewhere(env, seller.email, PHONE);
    await phone.page.goto(env.server.url('ut', `/${username}`));
    await card(phone.page, text).getByRole('button', { name: L.renew }).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await maybeScreenshot(phone.page, 'expired-card-phone');

    await expired.getByRole('button', { name: L.renew }).click();
    await alertSaying(seller.page, L.renewed).waitFor();
    await expect.poll(() => expired.getByText(L.expired, { exact: true }).count()).toBe(0);
    // The phone still shows the old card: a second renewal the same week is refused, in the server's words.
    await card(phone.page, text).getByRole('button', { name: L.renew }).click();
    await alertSaying(phone.page, L.bumpedThisWeek).waitFor();
    await seller.page.goto(env.server.url('ut', '/home'));
    await expect
      .poll(async () => seller.page.getByRole('article').first().textContent())
      .toContain(text);

    expect([...seller.errors, ...phone.errors]).toEqual([]);
    await Promise.all([seller.context.close(), phone.context.close()]);
  }, 240_000);

  it('a saved search keeps the price filters of its search and alerts only within them', async () => {
    const [buyer, seller] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Emery Stone'),
      schoolVerifiedStudent(env.server, env.browser, 'Parker Lane'),
    ]);
    const word = `kayak${tag().replace(/\d/g, '')}`;
    await buyer.page.goto(env.server.url('ut', `/search?q=${word}&show=latest&maxPrice=50`));
    await buyer.page.getByText(SEARCH_MESSAGES.noResults(word)).waitFor();
    await buyer.page.getByRole('button', { name: SEARCH_MESSAGES.alertMe }).click();
    const dialog = buyer.page.getByRole('dialog', { name: SEARCH_MESSAGES.alertMe });
    await dialog.getByText('(up to $50)').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await buyer.page.getByText(SEARCH_MESSAGES.alertSaved).waitFor();

    const cheap = `Red ${word}, two paddles`;
    const dear = `Touring ${word}, carbon`;
    for (const [text, price] of [
      [dear, 80],
      [cheap, 40],
    ] as const)
      expect((await sendJson(seller.page, '/api/posts', { text, price })).status).toBe(201);

    await buyer.page.goto(env.server.url('ut', '/notifications'));
    const alerts = buyer.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link')
      .filter({ hasText: word });
    await alerts.filter({ hasText: NOTIFICATION_TEXT['saved search'](word, cheap) }).waitFor();
    expect(await alerts.count()).toBe(1);

    // The settings list says what the search asks.
    await buyer.page.goto(env.server.url('ut', '/settings/saved-searches'));
    const row = buyer.page.getByRole('listitem').filter({ hasText: word });
    await row.getByText(/Up to \$50/).waitFor();
    await maybeScreenshot(buyer.page, 'saved-search-price-desktop');
    const phone = await signInElsewhere(env, buyer.email, PHONE);
    await phone.page.goto(env.server.url('ut', '/settings/saved-searches'));
    await phone.page
      .getByRole('listitem')
      .filter({ hasText: word })
      .getByText(/Up to \$50/)
      .waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await maybeScreenshot(phone.page, 'saved-search-price-phone');

    expect([...buyer.errors, ...seller.errors, ...phone.errors]).toEqual([]);
    await Promise.all([buyer.context.close(), seller.context.close(), phone.context.close()]);
  }, 240_000);
});
