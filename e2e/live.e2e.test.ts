import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { postJson, schoolVerifiedStudent, tag } from './students';

// A campus of its own: the test counts every post, or every message, it shows.
const env = serverAndBrowser({ ownServer: {} });

const feedPosts = (page: Page) => page.getByRole('list', { name: 'Posts' }).getByRole('article');

describe('live feed (GET /api/live)', () => {
  it("another student's new post appears on top of an open feed without a reload", async () => {
    const [writer, reader] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Morgan Ellis'),
      schoolVerifiedStudent(env.server, env.browser, 'Taylor Price', MOBILE),
    ]);

    // The reader has the feed open, with an older post in it.
    const older = `Mini fridge ${tag()}`;
    expect(await postJson(writer.page, '/api/posts', { text: older })).toBe(201);
    const rp = reader.page;
    const socket = rp.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/live'));
    await rp.goto(env.server.url('ut', '/home'));
    await feedPosts(rp).first().getByText(older).waitFor();
    await socket;
    let reloaded = false;
    rp.on('framenavigated', (frame) => {
      if (frame === rp.mainFrame()) reloaded = true;
    });

    // The writer posts through the composer.
    const wp = writer.page;
    await wp.goto(env.server.url('ut', '/home'));
    await wp.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    const dialog = wp.getByRole('dialog', { name: MESSAGES.posts.createPost });
    const text = `Road bike, 54 cm frame ${tag()}`;
    await dialog.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder }).fill(text);
    await dialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    await wp.locator('.alerts').getByText(POST_MESSAGES.postSent, { exact: true }).waitFor();

    // It reaches the reader's feed on top, once, with no reload.
    await feedPosts(rp).first().getByText(text).waitFor();
    await feedPosts(rp).first().getByRole('link', { name: 'Morgan E.' }).waitFor();
    expect(await feedPosts(rp).nth(1).getByText(older).count()).toBe(1);
    expect(await rp.getByText(text).count()).toBe(1);
    expect(reloaded).toBe(false);
    await maybeScreenshot(rp, 'live-feed-mobile');

    // The writer's own feed shows the post once (the live echo is ignored).
    await feedPosts(wp).first().getByText(text).waitFor();
    expect(await wp.getByText(text).count()).toBe(1);

    // A comment is not a new post: the reader's feed keeps its two posts. The live
    // socket delivers in order, so once a later post is on top, the comment's news
    // has arrived before it and added nothing.
    const postId = (await feedPosts(rp)
      .first()
      .getByRole('link', { name: /^Comment/ })
      .getAttribute('href'))!
      .split('/')
      .pop()!;
    const comment = `Still available? ${tag()}`;
    expect(await postJson(wp, '/api/posts', { text: comment, parentId: postId })).toBe(201);
    const later = `Desk lamp ${tag()}`;
    expect(await postJson(wp, '/api/posts', { text: later })).toBe(201);
    await feedPosts(rp).first().getByText(later).waitFor();
    expect(await feedPosts(rp).count()).toBe(3);
    expect(await feedPosts(rp).getByText(comment).count()).toBe(0);

    expect(writer.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await writer.context.close();
    await reader.context.close();
  });
});
