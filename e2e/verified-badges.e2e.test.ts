import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import type { ChatDto } from '@common/schemas/chats';
import type { PostDto } from '@common/schemas/posts';
import { DESKTOP, maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import {
  once,
  postOf,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  verifiedStudent,
  viewerOf,
} from './students';

/**
 * The "Verified student" badge (ADR 049) beside the names of school-verified
 * students: on a feed card, the post page and its comments, a profile and a
 * chat, at phone and desktop widths; and none beside a student whose school
 * e-mail is not verified. One set of students for the file.
 */

const env = serverAndBrowser();
const BADGE = { name: MESSAGES.verifiedStudent, exact: true } as const;

const world = once(async () => {
  const [seller, buyer, newcomer] = await Promise.all([
    schoolVerifiedStudent(env.server, env.browser, 'Sloane Verity'),
    schoolVerifiedStudent(env.server, env.browser, 'Bastian Quill'),
    verifiedStudent(env.server, env.browser, 'Nell Unverified'),
  ]);
  const text = `Oak desk with drawers ${tag()}`;
  const post = await postOf(seller.page, text);
  const comment = await sendJson<PostDto>(buyer.page, '/api/posts', {
    text: 'Is it still there?',
    parentId: post.id,
  });
  expect(comment.status).toBe(201);
  const sellerId = (await viewerOf(seller.page)).id;
  const chat = await sendJson<{ chat: ChatDto }>(buyer.page, '/api/chats', { userId: sellerId });
  expect(chat.status).toBe(200);
  const usernames = {
    seller: (await viewerOf(seller.page)).username,
    newcomer: (await viewerOf(newcomer.page)).username,
  };
  return { buyer, post, text, chatId: chat.json.chat.id, usernames };
});

/** The badge inside `where`, seen and named for screen readers. */
async function badgeIn(where: Locator): Promise<void> {
  const badge = where.getByRole('img', BADGE).first();
  await badge.waitFor();
  expect(await badge.isVisible()).toBe(true);
}

async function checkEverywhere(page: Page, width: string): Promise<void> {
  const { post, text, chatId, usernames } = await world();
  await page.goto(env.server.url('ut', '/home'));
  const card = page
    .getByRole('list', { name: 'Posts' })
    .getByRole('article')
    .filter({ hasText: text });
  await badgeIn(card);
  await maybeScreenshot(page, `verified-badge-feed-${width}`);

  await page.goto(env.server.url('ut', `/post/${post.id}`));
  await badgeIn(page.getByRole('article', { name: 'Post by Sloane V.' }));
  await badgeIn(page.getByRole('article', { name: 'Comment by Bastian Q.' }));

  await page.goto(env.server.url('ut', `/${usernames.seller}`));
  // The profile is named by the name alone; the badge follows it in the heading.
  await badgeIn(page.getByRole('region', { name: 'Sloane V.', exact: true }));

  await page.goto(env.server.url('ut', `/messages/${encodeURIComponent(chatId)}`));
  await badgeIn(page.getByRole('heading', { name: `Sloane V. ${MESSAGES.verifiedStudent}` }));
  await page.goto(env.server.url('ut', '/messages'));
  await badgeIn(
    page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link')
      .filter({ hasText: 'Sloane V.' }),
  );

  // A student whose school e-mail is not verified: the name alone.
  await page.goto(env.server.url('ut', `/${usernames.newcomer}`));
  const plain = page.getByRole('region', { name: 'Nell U.', exact: true });
  await plain.getByRole('heading', { name: 'Nell U.', exact: true }).waitFor();
  expect(await plain.getByRole('img', BADGE).count()).toBe(0);
}

describe('the verified badge', () => {
  it('follows school-verified names on a card, a post, a comment, a profile and a chat at 1280 px', async () => {
    const { buyer } = await world();
    await buyer.page.setViewportSize(DESKTOP);
    await checkEverywhere(buyer.page, 'desktop');
    expect(buyer.errors).toEqual([]);
  });

  it('does so on a phone too, at 390 px', async () => {
    const { buyer } = await world();
    const email = buyer.email;
    const phone = await signInElsewhere(env, email, MOBILE);
    try {
      await checkEverywhere(phone.page, 'phone');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
