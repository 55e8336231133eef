import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, startConversationText } from '@common/schemas/chats';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { POST_MESSAGES } from '@common/schemas/posts';
import { maybeScreenshot, serverAndBrowser } from './harness';
import { once, pathOf, postOf, schoolVerifiedStudent, tag, viewerOf } from './students';

/**
 * Send Message from a post's liked-by list (docs/product/posts-and-listings.md,
 * Saves) and the mentions tab of /notifications. One pair of students for the
 * file, as each costs two e-mails of the server's per-minute allowance.
 */

const env = serverAndBrowser();

/** Noor and Remy, signed in the first time a test asks. */
const thePair = once(async () => {
  const [a, b] = await Promise.all([
    schoolVerifiedStudent(env.server, env.browser, 'Noor Castellan'),
    schoolVerifiedStudent(env.server, env.browser, 'Remy Okafor'),
  ]);
  return { a, b };
});

describe('liked-by and mentions', () => {
  it('Send Message on the liked-by list asks "Start Conversation?" and opens the chat', async () => {
    const { a, b } = await thePair();
    const post = await postOf(a.page, `Road bike, 54 cm ${tag()}`);
    // Remy saves Noor's post from its page.
    await b.page.goto(env.server.url('ut', `/post/${post.id}`));
    const save = b.page.getByRole('button', { name: /^Save/ }).first();
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');

    // Noor opens who liked it: Remy, with Send Message.
    await a.page.goto(env.server.url('ut', `/post/${post.id}/likes`));
    const likers = a.page.getByRole('list', { name: POST_MESSAGES.likedBy });
    await likers.getByText('Remy O.').waitFor();
    await maybeScreenshot(a.page, 'liked-by-desktop');
    await likers.getByRole('button', { name: `${CHAT_MESSAGES.sendMessage} to Remy` }).click();

    const ask = a.page.getByRole('dialog', { name: CHAT_MESSAGES.startConversationTitle });
    await ask.getByText(startConversationText('Remy'), { exact: true }).waitFor();
    expect(pathOf(a.page)).toBe(`/post/${post.id}/likes`);
    await ask.getByRole('button', { name: CHAT_MESSAGES.startConversation }).click();

    await expect.poll(() => pathOf(a.page)).toMatch(/^\/messages\/[^/]+$/);
    await a.page
      .locator('.alerts')
      .getByText(CHAT_MESSAGES.newConversation, { exact: true })
      .waitFor();
    await a.page.getByRole('heading', { name: 'Remy O.' }).waitFor();
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('/notifications/mentions lists an @mention, and only mentions', async () => {
    const { a, b } = await thePair();
    const noor = await viewerOf(a.page);
    // Remy saves a post of Noor's (a notification that is not a mention) …
    const saved = await postOf(a.page, `Standing desk ${tag()}`);
    const liked = await b.page.evaluate(async (id) => {
      const res = await fetch(`/api/posts/${id}/like`, {
        method: 'PUT',
        headers: { 'x-quad-csrf': '1' },
      });
      return res.status;
    }, saved.id);
    expect(liked).toBe(200);
    // … and mentions her in a post of his.
    const text = `Ask @${noor.username} about the desk ${tag()}`;
    const mention = await postOf(b.page, text);

    await a.page.goto(env.server.url('ut', '/notifications/mentions'));
    const list = a.page.getByRole('list', { name: 'Mentions' });
    const words = NOTIFICATION_TEXT.mention('Remy', text);
    expect(words).toBe(`Remy mentioned you: ${text}`);
    const item = list.getByRole('link').filter({ hasText: words });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/post/${mention.id}`);
    // The save is on the All tab, not here.
    expect(await list.getByRole('link').count()).toBe(1);
    await maybeScreenshot(a.page, 'notifications-mentions-desktop');

    await a.page.getByRole('navigation', { name: 'Notification tabs' }).getByText('All').click();
    await expect.poll(() => pathOf(a.page)).toBe('/notifications');
    const all = a.page.getByRole('list', { name: 'Notifications' });
    await all.getByRole('link').filter({ hasText: words }).waitFor();
    await all.getByRole('link').filter({ hasText: 'Remy saved your post' }).first().waitFor();
    expect(a.errors).toEqual([]);
  });
});
