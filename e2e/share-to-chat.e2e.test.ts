import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { CHAT_MESSAGES, type startChatResultSchema } from '@common/schemas/chats';
import type { z } from 'zod';
import { animationsDone, maybeScreenshot, serverAndBrowser } from './harness';
import { pathOf, postOf, schoolVerifiedStudent, sendJson, tag } from './students';

/** Sharing a post into a chat (docs/product/messages-and-meetups.md, Chats). */

const env = serverAndBrowser();

const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });

describe('share to chat', () => {
  it('a student sends a post into a conversation from the share dialog', async () => {
    const [a, b] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Harper Lane'),
      schoolVerifiedStudent(env.server, env.browser, 'Rowan Ellis'),
    ]);
    const text = `Mini fridge, works great ${tag()}`;
    const post = await postOf(b.page, text);

    // A and B already talk.
    const started = await sendJson<z.infer<typeof startChatResultSchema>>(a.page, '/api/chats', {
      userId: post.author.id,
    });
    expect(started.status).toBeLessThan(300);
    const chatId = started.json.chat.id;

    // A opens B's post: Share → "Send in a message" → Rowan, from the keyboard.
    await a.page.goto(env.server.url('ut', `/post/${post.id}`));
    await a.page.getByRole('button', { name: MESSAGES.posts.share, exact: true }).click();
    const dialog = a.page.getByRole('dialog', { name: MESSAGES.posts.share, exact: true });
    await dialog.getByRole('heading', { name: CHAT_MESSAGES.sendInMessage }).waitFor();
    const rowan = dialog.getByRole('button', { name: 'Send to Rowan E.' });
    await rowan.waitFor();
    await animationsDone(dialog); // the dialog's opening animation
    await maybeScreenshot(a.page, 'share-dialog-desktop');
    await rowan.focus();
    await rowan.press('Enter');

    // The dialog closes; "Sent." says where it went.
    await dialog.waitFor({ state: 'detached' });
    const sent = a.page.locator('.alerts').getByRole('status').filter({
      hasText: CHAT_MESSAGES.sentToChat,
    });
    await sent.getByRole('link', { name: 'View' }).click();
    await expect.poll(() => pathOf(a.page)).toBe(`/messages/${chatId}`);

    // A's conversation shows the post's card, a link to the post.
    const card = messageList(a.page).getByRole('link', { name: new RegExp(text) });
    await card.waitFor();
    expect(await card.getAttribute('href')).toBe(`/post/${post.id}`);

    // B sees it too.
    await b.page.goto(env.server.url('ut', `/messages/${chatId}`));
    const theirs = messageList(b.page).getByRole('link', { name: new RegExp(text) });
    await theirs.waitFor();
    expect(await theirs.getAttribute('href')).toBe(`/post/${post.id}`);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  });
});
