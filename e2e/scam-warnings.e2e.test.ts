import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, SCAM_WARNINGS, type startChatResultSchema } from '@common/schemas/chats';
import type { z } from 'zod';
import { MESSAGES } from '@common/messages';
import { PROFILE_MESSAGES } from '@common/schemas/profiles';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import { violations } from './axe';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import {
  postOf,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  viewerOf,
} from './students';

/**
 * Scam-aware chat (ADR 018): the recipient is warned, calmly; the sender is
 * not. Reports of a message and a post (ADR 019).
 */

const env = serverAndBrowser();

const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });
const composer = (page: Page) =>
  page.getByRole('textbox', { name: CHAT_MESSAGES.composerPlaceholder });

describe('scam-aware chat', () => {
  it('shows the seller a safety tip under a message asking for a code, live and after a reload', async () => {
    const [buyer, seller] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Casey Morgan'),
      schoolVerifiedStudent(env.server, env.browser, 'Jordan Price'),
    ]);
    const started = await sendJson<z.infer<typeof startChatResultSchema>>(
      buyer.page,
      '/api/chats',
      { userId: (await viewerOf(seller.page)).id },
    );
    expect(started.status).toBeLessThan(300);
    const chatPath = `/messages/${started.json.chat.id}`;

    // The seller has the conversation open, its socket listening.
    const socket = seller.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await seller.page.goto(env.server.url('ut', chatPath));
    await composer(seller.page).waitFor();
    await socket;

    // The buyer sends the account-takeover script; it goes through as written.
    const ordinary = `Is the desk still available? ${tag()}`;
    const scam = `Before we meet, send me the 6-digit code Google texted you ${tag()}`;
    await buyer.page.goto(env.server.url('ut', chatPath));
    for (const text of [ordinary, scam]) {
      await composer(buyer.page).fill(text);
      await composer(buyer.page).press('Enter');
      await messageList(buyer.page).getByText(text).waitFor();
    }
    // Sent and read (the seller has the chat open): the buyer's copy carries no tip.
    await messageList(buyer.page).getByText(CHAT_MESSAGES.seen, { exact: true }).waitFor();
    expect(await buyer.page.getByRole('note', { name: 'Safety tip' }).count()).toBe(0);

    // The seller reads it live, with the tip under that message only.
    const warned = messageList(seller.page).getByRole('listitem').filter({ hasText: scam });
    await warned.getByRole('note', { name: 'Safety tip' }).waitFor();
    expect(await warned.getByRole('note').locator('p').allInnerTexts()).toEqual([
      SCAM_WARNINGS.verification_code,
    ]);
    await maybeScreenshot(seller.page, 'scam-warning-desktop');
    const plain = messageList(seller.page).getByRole('listitem').filter({ hasText: ordinary });
    expect(await plain.getByRole('note').count()).toBe(0);

    // A reload reads the same from the server; on a phone too, within the screen.
    const phone = await signInElsewhere(env, seller.email, MOBILE);
    await phone.page.goto(env.server.url('ut', chatPath));
    const onPhone = messageList(phone.page).getByRole('listitem').filter({ hasText: scam });
    await onPhone
      .getByRole('note', { name: 'Safety tip' })
      .getByText(SCAM_WARNINGS.verification_code)
      .waitFor();
    const box = await onPhone.getByRole('note').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await maybeScreenshot(phone.page, 'scam-warning-phone');
    expect(await violations(phone.page)).toEqual([]);

    // The seller reports the message from the tip: one dialog, one alert.
    await onPhone.getByRole('button', { name: 'Report message' }).click();
    const dialog = phone.page.getByRole('dialog', { name: REPORT_MESSAGES.title.message });
    await dialog.getByLabel(PROFILE_MESSAGES.reportReason).fill('Asked for my Google code');
    await dialog.getByRole('button', { name: PROFILE_MESSAGES.report }).click();
    await phone.page
      .locator('.alerts')
      .getByText(REPORT_MESSAGES.reported.message, { exact: true })
      .waitFor();

    // And the buyer's listing from its post page's menu.
    const listing = await postOf(seller.page, `Standing desk ${tag()}`);
    await buyer.page.goto(env.server.url('ut', `/post/${listing.id}`));
    await buyer.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await buyer.page.getByRole('menuitem', { name: PROFILE_MESSAGES.report }).click();
    const postDialog = buyer.page.getByRole('dialog', { name: REPORT_MESSAGES.title.post });
    await postDialog.waitFor();
    await maybeScreenshot(buyer.page, 'report-post-desktop');
    await postDialog.getByRole('button', { name: PROFILE_MESSAGES.report }).click();
    await buyer.page
      .locator('.alerts')
      .getByText(REPORT_MESSAGES.reported.post, { exact: true })
      .waitFor();

    expect([...buyer.errors, ...seller.errors, ...phone.errors]).toEqual([]);
    await Promise.all([buyer.context.close(), seller.context.close(), phone.context.close()]);
  }, 240_000);
});
