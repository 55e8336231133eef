import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { CHAT_MESSAGES, startConversationText } from '@common/schemas/chats';
import {
  DESKTOP,
  maybeScreenshot,
  MOBILE,
  nextFrames,
  requestsHeard,
  serverAndBrowser,
} from './harness';
import { pathOf, postOf, schoolVerifiedStudent, sidebar, signInElsewhere, tag } from './students';

/** Messages, notifications and their live updates (docs/product/messages-and-meetups.md). */

const env = serverAndBrowser();

const alerts = (page: Page) => page.locator('.alerts');
const composer = (page: Page) =>
  page.getByRole('textbox', { name: CHAT_MESSAGES.composerPlaceholder });
const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });

const signIn = (email: string, viewport = DESKTOP) => signInElsewhere(env, email, viewport);

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('messages', () => {
  it('two students talk from a post: start, live delivery, photo, Seen, heart, delete', async () => {
    const [a, b] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Avery Stone'),
      schoolVerifiedStudent(env.server, env.browser, 'Blake Rivera'),
    ]);
    const post = await postOf(b.page, `Desk lamp, barely used ${tag()}`);

    // B waits on the inbox, its socket open.
    const socket = b.page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await b.page.goto(env.server.url('ut', '/messages'));
    await b.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await socket;

    // A opens B's post: Send Message → Start Conversation? → the chat.
    await a.page.goto(env.server.url('ut', `/post/${post.id}`));
    await a.page.getByRole('button', { name: CHAT_MESSAGES.sendMessage }).click();
    const ask = a.page.getByRole('dialog', { name: CHAT_MESSAGES.startConversationTitle });
    await ask.getByText(startConversationText('Blake')).waitFor();
    await ask.getByRole('button', { name: CHAT_MESSAGES.startConversation }).click();
    await expect.poll(() => pathOf(a.page)).toMatch(/^\/messages\/[^/]+$/);
    const chatPath = pathOf(a.page);
    await alerts(a.page).getByText(CHAT_MESSAGES.newConversation, { exact: true }).waitFor();

    // A writes; Enter sends on desktop.
    const first = `Is the lamp still available? ${tag()}`;
    await composer(a.page).fill(first);
    await composer(a.page).press('Enter');
    await messageList(a.page).getByText(first).waitFor();
    await messageList(a.page).getByText(CHAT_MESSAGES.delivered, { exact: true }).waitFor();
    expect(await composer(a.page).inputValue()).toBe('');

    // B sees the badge and the chat arrive without a reload.
    await sidebar(b.page)
      .getByRole('link', { name: /^Messages\W*1 unread/ })
      .waitFor();
    const row = b.page.getByRole('list', { name: 'Conversations' }).getByRole('link', {
      name: /Avery S\./,
    });
    await row.getByText(first).waitFor();
    await row.getByText('Unread').waitFor();
    await row.click();
    await messageList(b.page).getByText(first).waitFor();
    // Read: the messages badge goes, and A's message turns to "Seen".
    await expect
      .poll(() =>
        sidebar(b.page)
          .getByRole('link', { name: /^Messages\W*\d+ unread/ })
          .count(),
      )
      .toBe(0);
    await messageList(a.page).getByText(CHAT_MESSAGES.seen, { exact: true }).waitFor();

    // A second message arrives live in B's open conversation.
    const second = `I can pick it up today ${tag()}`;
    await composer(a.page).fill(second);
    await a.page.getByRole('button', { name: 'Send' }).click();
    await messageList(b.page).getByText(second).waitFor();

    // B replies with a photo.
    const reply = `Yes! Here it is ${tag()}`;
    await b.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: await photo() });
    await b.page.getByRole('img', { name: 'Photo to send' }).waitFor();
    await composer(b.page).fill(reply);
    await composer(b.page).press('Enter');
    await messageList(b.page).getByRole('img', { name: 'Your photo' }).waitFor();

    // A sees the reply live, and "Seen" under their latest message.
    await messageList(a.page).getByText(reply).waitFor();
    await messageList(a.page).getByRole('img', { name: 'Photo from Blake' }).waitFor();
    await messageList(a.page).getByText(CHAT_MESSAGES.seen, { exact: true }).waitFor();
    await maybeScreenshot(a.page, 'messages-conversation-desktop');

    // A hearts B's message.
    const hearted = messageList(a.page).getByRole('listitem').filter({ hasText: reply });
    await hearted.getByRole('button', { name: 'Heart' }).click();
    await alerts(a.page).getByText(CHAT_MESSAGES.reactionSent, { exact: true }).waitFor();
    await expect
      .poll(() => hearted.getByRole('button', { name: 'Heart' }).getAttribute('aria-pressed'))
      .toBe('true');

    // On a phone, the conversation shows alone, with a way back to the inbox.
    const phone = await signIn(a.email, MOBILE);
    await phone.page.goto(env.server.url('ut', chatPath));
    await messageList(phone.page).getByText(reply).waitFor();
    expect(await phone.page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
    await maybeScreenshot(phone.page, 'messages-conversation-phone');
    await phone.page.getByRole('link', { name: 'Back to messages' }).click();
    await expect.poll(() => pathOf(phone.page)).toBe('/messages');
    await phone.page.getByRole('list', { name: 'Conversations' }).waitFor();
    expect(await composer(phone.page).count()).toBe(0);
    await maybeScreenshot(phone.page, 'messages-inbox-phone');
    await maybeScreenshot(b.page, 'messages-inbox-desktop');

    // B deletes the chat; A, still in it, is taken back to the inbox.
    await b.page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await b.page.getByRole('menuitem', { name: 'Delete chat' }).click();
    const confirm = b.page.getByRole('dialog', { name: CHAT_MESSAGES.deleteChatTitle });
    await confirm.getByRole('button', { name: MESSAGES.posts.delete }).click();
    await expect.poll(() => pathOf(b.page)).toBe('/messages');
    await alerts(b.page).getByText(CHAT_MESSAGES.chatDeleted, { exact: true }).waitFor();
    await expect.poll(() => pathOf(a.page)).toBe('/messages');

    // The deleted chat is gone: its address says so.
    await b.page.goto(env.server.url('ut', chatPath));
    await b.page.getByRole('heading', { name: CHAT_MESSAGES.missingChat }).waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors.filter((e) => !e.includes('404'))).toEqual([]);
    await Promise.all([a.context.close(), b.context.close(), phone.context.close()]);
  });

  it('the new-message dialog searches students, moves with the arrows and opens the chat', async () => {
    const [a, b] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Casey Morgan'),
      schoolVerifiedStudent(env.server, env.browser, 'Quinn Zephyrine'),
    ]);
    await a.page.goto(env.server.url('ut', '/messages'));
    await a.page.getByRole('button', { name: 'New message' }).first().click();
    const dialog = a.page.getByRole('dialog', { name: 'New message' });
    const search = dialog.getByRole('combobox', { name: 'Search students' });

    // Enter with nobody highlighted.
    await search.press('Enter');
    await alerts(a.page).getByText(CHAT_MESSAGES.selectUser, { exact: true }).waitFor();

    // One character does not search; two do.
    const searched: string[] = [];
    a.page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/users') searched.push(url.searchParams.get('q') ?? '');
    });
    await search.fill('Z');
    await nextFrames(a.page);
    await requestsHeard(a.page);
    expect(searched).toEqual([]);
    expect(await dialog.getByRole('option').count()).toBe(0);
    await search.fill('Zephyr');
    const option = dialog.getByRole('option', { name: /Quinn Z\./ });
    await option.waitFor();
    const count = await dialog.getByRole('option').count();
    // ↓ highlights the first; ↑ from the first wraps to the last.
    await search.press('ArrowDown');
    expect(await dialog.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await search.press('ArrowUp');
    expect(
      await dialog
        .getByRole('option')
        .nth(count - 1)
        .getAttribute('aria-selected'),
    ).toBe('true');
    await search.press('ArrowDown');
    // Highlight Quinn and open the chat.
    for (let i = 0; i < count; i++) {
      if ((await option.getAttribute('aria-selected')) === 'true') break;
      await search.press('ArrowDown');
    }
    await search.press('Enter');
    await expect.poll(() => pathOf(a.page)).toMatch(/^\/messages\/[^/]+$/);
    await alerts(a.page).getByText(CHAT_MESSAGES.newConversation, { exact: true }).waitFor();
    await a.page.getByRole('heading', { name: 'Quinn Z.' }).waitFor();

    // A chat that does not exist.
    await a.page.goto(env.server.url('ut', '/messages/no-such-chat'));
    await a.page.getByRole('heading', { name: CHAT_MESSAGES.missingChat }).waitFor();
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
