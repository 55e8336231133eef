import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { PROFILE_MESSAGES } from '@common/schemas/profiles';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { maybeScreenshot, openPage, serverAndBrowser } from './harness';
import {
  codeFor,
  PASSWORD,
  landOn,
  postJson,
  postOf,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  uploadPhoto,
  viewerOf,
} from './students';

/**
 * Moderation per campus (ADR 025): a student reports a post, the campus's
 * moderator removes it from /moderation, and its author is told.
 */

const MODERATOR = 'moderator@example.com';
/** A moderator who is no student of the campus: no school e-mail. */
const STAFF = 'staff@example.com';
const env = serverAndBrowser({ ownServer: { MODERATORS: `ut:${MODERATOR},${STAFF}` } });

/** A moderator's account: registered, its e-mail verified, and its school e-mail unless staff. */
async function moderator(email = MODERATOR) {
  const opened = await openPage(env.browser);
  await landOn(opened.page, env.server, 'ut');
  const body = { name: 'Riley Moder', email, password: PASSWORD, terms: true };
  expect(await postJson(opened.page, '/api/auth/register', body)).toBe(201);
  expect(await postJson(opened.page, '/api/verification/code', {})).toBe(200);
  const code = await codeFor(env.server, email);
  expect(await postJson(opened.page, '/api/verification/verify', { code })).toBe(200);
  if (email === STAFF) return opened;
  // A student of the campus like any other: school e-mail verified too.
  const schoolEmail = `riley-${tag()}@utexas.edu`;
  expect(await postJson(opened.page, '/api/me/school-email', { schoolEmail })).toBe(200);
  const pin = await codeFor(env.server, schoolEmail);
  expect(
    await postJson(opened.page, '/api/verification/verify', { code: pin, email: schoolEmail }),
  ).toBe(200);
  return opened;
}

/** Opens the moderation queue as a moderator finds it: "Moderation" in the settings menu. */
async function moderationFromMenu(page: Page) {
  await page.goto(env.server.url('ut', '/settings/about'));
  await page
    .getByRole('navigation', { name: 'Settings' })
    .first()
    .getByRole('link', { name: 'Moderation' })
    .click();
}

/** The moderator registers once, whichever test asks first. */
let registered: ReturnType<typeof moderator> | undefined;
const moderatorOnce = () => (registered ??= moderator());

describe('moderation', () => {
  it('a moderator without a school e-mail reaches /moderation, directly and from the menu', async () => {
    const staff = await moderator(STAFF);
    const heading = staff.page.getByRole('heading', { name: 'Moderation' });
    await staff.page.goto(env.server.url('ut', '/moderation'));
    await heading.waitFor();
    expect(new URL(staff.page.url()).pathname).toBe('/moderation');
    await moderationFromMenu(staff.page);
    await heading.waitFor();
    expect(new URL(staff.page.url()).pathname).toBe('/moderation');
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  }, 150_000);

  it('a reported post is removed from /moderation and its author is told why', async () => {
    const [seller, buyer, mod] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Jordan Price'),
      schoolVerifiedStudent(env.server, env.browser, 'Casey Morgan'),
      moderatorOnce(),
    ]);
    const text = `Concert tickets, gift cards only ${tag()}`;
    // A reason with a long unbroken word: the phone's card must wrap it, not widen the page.
    const reason = `Asks for gift cards ${'giftcards'.repeat(8)}`;
    const listing = await postOf(seller.page, text);

    // The buyer reports it from the post page's menu.
    await buyer.page.goto(env.server.url('ut', `/post/${listing.id}`));
    await buyer.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await buyer.page.getByRole('menuitem', { name: PROFILE_MESSAGES.report }).click();
    const dialog = buyer.page.getByRole('dialog', { name: REPORT_MESSAGES.title.post });
    await dialog.getByLabel(PROFILE_MESSAGES.reportReason).fill(reason);
    await dialog.getByRole('button', { name: PROFILE_MESSAGES.report }).click();
    await buyer.page.locator('.alerts').getByText(REPORT_MESSAGES.reported.post).waitFor();

    // The buyer is no moderator: /moderation is the not-found page.
    await buyer.page.goto(env.server.url('ut', '/moderation'));
    await buyer.page.getByRole('heading', { name: MESSAGES.notFoundTitle }).waitFor();

    // The moderator finds "Moderation" in the settings menu, and the report in context.
    await moderationFromMenu(mod.page);
    const card = mod.page.getByRole('listitem', { name: 'Post by Jordan Price' });
    await card.getByText(text).waitFor();
    await card.getByText(reason).waitFor();
    await maybeScreenshot(mod.page, 'moderation-desktop');

    const phone = await signInElsewhere(env, MODERATOR, { width: 375, height: 812 });
    await phone.page.goto(env.server.url('ut', '/moderation'));
    await phone.page
      .getByRole('listitem', { name: 'Post by Jordan Price' })
      .getByText(text)
      .waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await maybeScreenshot(phone.page, 'moderation-phone');

    // Remove, with a reason, confirmed in the dialog.
    await card.getByRole('button', { name: 'Remove' }).click();
    const confirm = mod.page.getByRole('dialog', { name: 'Remove this content?' });
    await confirm.getByLabel('Reason').fill('Gift card scam');
    await maybeScreenshot(mod.page, 'moderation-remove-dialog');
    await confirm.getByRole('button', { name: 'Remove content' }).click();
    await mod.page.locator('.alerts').getByText(MODERATION_MESSAGES.done.remove).waitFor();
    await mod.page.getByText(MODERATION_MESSAGES.empty).waitFor();
    await maybeScreenshot(mod.page, 'moderation-empty');

    // The author is told what was removed and why.
    await seller.page.goto(env.server.url('ut', '/notifications'));
    await seller.page.getByText(MODERATION_MESSAGES.removed('post', 'Gift card scam')).waitFor();
    await maybeScreenshot(seller.page, 'moderation-notified');

    // A reported message: removed while both students have the chat open, it is
    // replaced on both screens at once, without a reload.
    const started = await sendJson<{ chat: { id: string } }>(buyer.page, '/api/chats', {
      userId: (await viewerOf(seller.page)).id,
    });
    expect(started.status).toBeLessThan(300);
    const chatPath = `/messages/${started.json.chat.id}`;
    const scam = `Pay me in gift cards first ${tag()}`;
    await Promise.all([
      buyer.page.goto(env.server.url('ut', chatPath)),
      seller.page.goto(env.server.url('ut', chatPath)),
    ]);
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 60, b: 60 } },
    })
      .png()
      .toBuffer();
    const sent = await sendJson<{ id: string }>(
      seller.page,
      `/api/chats/${started.json.chat.id}/messages`,
      { text: scam, mediaIds: [await uploadPhoto(seller.page, photo)] },
    );
    expect(sent.status).toBe(201);
    await Promise.all(
      [buyer.page, seller.page].map((page) => page.getByText(scam).first().waitFor()),
    );
    // Its photo shows on both screens until it is removed.
    const photos = (page: Page) => page.getByRole('img', { name: /^(Your photo|Photo from )/ });
    await Promise.all([buyer.page, seller.page].map((page) => photos(page).first().waitFor()));
    const report = { targetType: 'message', targetId: sent.json.id, reason: 'Gift cards' };
    expect(await postJson(buyer.page, '/api/reports', report)).toBe(201);
    const removal = { ...report, action: 'remove', reason: 'Scam' };
    expect(await postJson(mod.page, '/api/moderation/actions', removal)).toBe(200);
    for (const page of [buyer.page, seller.page]) {
      await page.getByText(MODERATION_MESSAGES.removedMessage).first().waitFor();
      await expect.poll(() => page.getByText(scam).count()).toBe(0);
      await expect.poll(() => photos(page).count()).toBe(0);
    }
    // Nor does a reload bring the photo back.
    await buyer.page.reload();
    await buyer.page.getByText(MODERATION_MESSAGES.removedMessage).first().waitFor();
    expect(await photos(buyer.page).count()).toBe(0);
    await maybeScreenshot(buyer.page, 'moderation-message-removed');

    expect([...seller.errors, ...buyer.errors, ...mod.errors, ...phone.errors]).toEqual([]);
    await Promise.all([seller, buyer, mod, phone].map((s) => s.context.close()));
  }, 240_000);

  it('a query three students searched is removed from the popular searches on /moderation', async () => {
    const query = `scam deals ${tag()}`.toLowerCase();
    const students = await Promise.all(
      ['Avery Lane', 'Blake Stone', 'Cameron Reed'].map((name) =>
        schoolVerifiedStudent(env.server, env.browser, name),
      ),
    );
    for (const s of students)
      expect(await postJson(s.page, '/api/me/searches', { text: query })).toBe(200);
    await moderatorOnce();
    const mod = await signInElsewhere(env, MODERATOR, { width: 1280, height: 900 });
    await mod.page.goto(env.server.url('ut', '/moderation'));
    const section = mod.page.getByRole('region', { name: MODERATION_MESSAGES.popularTitle });
    await section.getByText(query).waitFor();
    await maybeScreenshot(mod.page, 'moderation-popular-desktop');

    const phone = await signInElsewhere(env, MODERATOR, { width: 390, height: 844 });
    await phone.page.goto(env.server.url('ut', '/moderation'));
    const onPhone = phone.page.getByRole('region', { name: MODERATION_MESSAGES.popularTitle });
    await onPhone.getByText(query).scrollIntoViewIfNeeded();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await maybeScreenshot(phone.page, 'moderation-popular-phone');

    await section.getByRole('button', { name: MODERATION_MESSAGES.dropSearchLabel(query) }).click();
    const confirm = mod.page.getByRole('dialog', {
      name: MODERATION_MESSAGES.dropSearchTitle(query),
    });
    await maybeScreenshot(mod.page, 'moderation-popular-confirm');
    await confirm.getByRole('button', { name: MODERATION_MESSAGES.dropSearchButton }).click();
    await mod.page.locator('.alerts').getByText(MODERATION_MESSAGES.searchDropped).waitFor();
    await expect.poll(() => section.getByText(query).count()).toBe(0);

    // Nobody sees it under the search box any more.
    const popular = await students[0]!.page.evaluate(() =>
      fetch('/api/search/popular').then((r) => r.json()),
    );
    expect(popular.items.map((i: { text: string }) => i.text)).not.toContain(query);
    expect([...mod.errors, ...phone.errors, ...students.flatMap((s) => s.errors)]).toEqual([]);
    await Promise.all([mod, phone, ...students].map((s) => s.context.close()));
  }, 240_000);
});
