import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MEETUP_SPOTS } from '@common/meetup-spots';
import { MESSAGES } from '@common/messages';
import { CHAT_MESSAGES, type startChatResultSchema } from '@common/schemas/chats';
import { MEETUP_MESSAGES as M } from '@common/schemas/meetups';
import { POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import type { z } from 'zod';
import { violations } from './axe';
import { maybeScreenshot, serverAndBrowser } from './harness';
import { schoolVerifiedStudent, sendJson, signInElsewhere, tag, viewerOf } from './students';

/**
 * Safer meetups (ADR 026): a listing shows where to meet; the seller suggests a
 * meetup in chat, the buyer accepts, and both read "Accepted".
 */

const env = serverAndBrowser();
const PHONE = { width: 375, height: 812 };
const [police, union] = MEETUP_SPOTS.ut;

const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });
const composer = (page: Page) =>
  page.getByRole('textbox', { name: CHAT_MESSAGES.composerPlaceholder });
const meetupCard = (page: Page) => messageList(page).getByRole('group', { name: 'Meetup' });

describe('safer meetups', () => {
  it('seller lists at a spot, suggests a meetup in chat, the buyer accepts, both see "Accepted"', async () => {
    const [buyer, seller] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Riley Brooks'),
      schoolVerifiedStudent(env.server, env.browser, 'Morgan Hale'),
    ]);

    // The seller lists through the composer, with "Meet at".
    await seller.page.goto(env.server.url('ut', '/home'));
    await seller.page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    const composerDialog = seller.page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    const text = `Desk lamp, $10 ${tag()}`;
    await composerDialog
      .getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder })
      .fill(text);
    await composerDialog.getByLabel(M.meetAt).selectOption(union!.id);
    await maybeScreenshot(seller.page, 'meetup-composer-desktop');
    const posted = seller.page.waitForResponse(
      (res) => res.url().endsWith('/api/posts') && res.request().method() === 'POST',
    );
    await composerDialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    const listing = { json: (await (await posted).json()) as PostDto };
    await seller.page
      .getByRole('article')
      .filter({ hasText: text })
      .getByText(`${M.meetAt}: ${union!.name}`)
      .waitFor();

    // The post page says where to meet.
    await buyer.page.goto(env.server.url('ut', `/post/${listing.json.id}`));
    await buyer.page.getByText(`${M.meetAt}: ${union!.name}`).waitFor();
    await maybeScreenshot(buyer.page, 'meetup-listing-desktop');

    const started = await sendJson<z.infer<typeof startChatResultSchema>>(
      buyer.page,
      '/api/chats',
      { userId: (await viewerOf(seller.page)).id },
    );
    const chatPath = `/messages/${started.json.chat.id}`;

    // The buyer has the chat open and listening.
    const socket = buyer.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await buyer.page.goto(env.server.url('ut', chatPath));
    await composer(buyer.page).waitFor();
    await socket;

    // The seller suggests tomorrow at 3 pm at the police department lobby.
    const sellerSocket = seller.page.waitForEvent('websocket', (ws) =>
      ws.url().endsWith('/api/live'),
    );
    await seller.page.goto(env.server.url('ut', chatPath));
    await composer(seller.page).waitFor();
    await sellerSocket;
    await seller.page.getByRole('button', { name: M.suggest }).click();
    const dialog = seller.page.getByRole('dialog', { name: M.suggestTitle });
    await dialog.getByLabel(M.spot).selectOption(police!.id);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    tomorrow.setHours(15, 0, 0, 0);
    await dialog.getByLabel(M.time).fill(format(tomorrow, "yyyy-MM-dd'T'HH:mm"));
    await maybeScreenshot(seller.page, 'meetup-dialog-desktop');
    await dialog.getByRole('button', { name: M.send, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await meetupCard(seller.page).getByText('Proposed', { exact: true }).waitFor();
    expect(await meetupCard(seller.page).getByRole('button', { name: M.accept }).count()).toBe(0);

    // The buyer sees it live, and accepts.
    const card = meetupCard(buyer.page);
    await card.getByText(police!.name).waitFor();
    await card.getByText(format(tomorrow, 'EEE, MMM d · p')).waitFor();
    await maybeScreenshot(buyer.page, 'meetup-card-desktop');
    await card.getByRole('button', { name: M.accept }).click();
    await card.getByText('Accepted', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: M.accept }).count()).toBe(0);

    // The seller's card turns to "Accepted" without a reload.
    await meetupCard(seller.page).getByText('Accepted', { exact: true }).waitFor();
    await maybeScreenshot(seller.page, 'meetup-accepted-desktop');

    // On a phone, after a reload: the same state, within the screen.
    const phone = await signInElsewhere(env, seller.email, PHONE);
    await phone.page.goto(env.server.url('ut', chatPath));
    const onPhone = meetupCard(phone.page);
    await onPhone.getByText('Accepted', { exact: true }).waitFor();
    const box = await onPhone.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await maybeScreenshot(phone.page, 'meetup-accepted-phone');
    expect(await violations(phone.page)).toEqual([]);
    await phone.page.getByRole('button', { name: M.suggest }).click();
    await phone.page.getByRole('dialog', { name: M.suggestTitle }).waitFor();
    await maybeScreenshot(phone.page, 'meetup-dialog-phone');
    await phone.page.keyboard.press('Escape');
    await phone.page.goto(env.server.url('ut', `/post/${listing.json.id}`));
    await phone.page.getByText(`${M.meetAt}: ${union!.name}`).waitFor();
    await maybeScreenshot(phone.page, 'meetup-listing-phone');

    expect([...buyer.errors, ...seller.errors, ...phone.errors]).toEqual([]);
    await Promise.all([buyer.context.close(), seller.context.close(), phone.context.close()]);
  }, 240_000);
});
