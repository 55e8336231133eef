import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { violations } from './axe';
import { DESKTOP, MOBILE, openPage, serverAndBrowser } from './harness';
import { once, postJson, postWithPhotos, schoolVerifiedStudent, sendJson, tag } from './students';

/**
 * The feed's pages checked by axe-core, the engine behind Lighthouse's
 * accessibility score (the feed's budget is 100, docs/benchmarks.md): every
 * WCAG 2.1 A and AA rule, plus axe's best practices, on the loaded page.
 */

const env = serverAndBrowser();
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png()
    .toBuffer();

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  // One post with a thread for both widths; each width is a test of its own (each a minute's work on 2 cores).
  const threadedPost = once(async () => {
    const author = await schoolVerifiedStudent(env.server, env.browser, 'Avery Quinn');
    const post = await postWithPhotos(author.page, `Desk lamp, like new ${tag()}`, [await photo()]);
    const comment = await sendJson<{ id: string }>(author.page, '/api/posts', {
      text: 'Still available?',
      parentId: post.id,
    });
    expect(comment.status).toBe(201);
    expect(
      await postJson(author.page, '/api/posts', { text: 'A reply', parentId: comment.json.id }),
    ).toBe(201);
    await author.context.close();
    return post;
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`the feed, a post page with a thread, the media gallery and Saved, at ${viewport.width} px`, async () => {
      const post = await threadedPost();
      const reader = await schoolVerifiedStudent(env.server, env.browser, 'Reese Park', viewport);
      const { page } = reader;
      const saved = await page.evaluate(
        (id) =>
          fetch(`/api/posts/${id}/like`, { method: 'PUT', headers: { 'x-quad-csrf': '1' } }).then(
            (r) => r.status,
          ),
        post.id,
      );
      expect(saved).toBe(200);
      const pages: Array<[string, () => Promise<unknown>]> = [
        [
          '/home',
          () => page.getByRole('list', { name: 'Posts' }).getByRole('article').first().waitFor(),
        ],
        [`/post/${post.id}`, () => page.getByText('A reply').waitFor()],
        [
          '/media',
          () =>
            page
              .getByRole('list', { name: MEDIA_MESSAGES.gridLabel })
              .getByRole('link')
              .first()
              .waitFor(),
        ],
        [
          '/saved',
          () =>
            page
              .getByRole('list', { name: MESSAGES.posts.savedTitle })
              .getByRole('article')
              .first()
              .waitFor(),
        ],
      ];
      for (const [path, loaded] of pages) {
        await page.goto(env.server.url('ut', path));
        await loaded();
        expect(await violations(page), `${path} at ${viewport.width} px`).toEqual([]);
      }
      // The composer dialog and the account menu, open. A menu is modal (Radix hides the
      // rest of the page from assistive technology while it is open): only it is judged.
      await page.goto(env.server.url('ut', '/home'));
      await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
      if (viewport === MOBILE) {
        // On a phone the composer is the /create/post page.
        await expect.poll(() => new URL(page.url()).pathname).toBe('/create/post');
        await page.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder }).waitFor();
        expect(await violations(page), '/create/post').toEqual([]);
        await page.goto(env.server.url('ut', '/home'));
      } else {
        await page.getByRole('dialog', { name: MESSAGES.posts.createPost }).waitFor();
        expect(await violations(page), 'composer dialog').toEqual([]);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu').waitFor();
      expect(await violations(page, '[role=menu]'), `account menu at ${viewport.width} px`).toEqual(
        [],
      );
      expect(reader.errors).toEqual([]);
      await reader.context.close();
    });
  }

  it('what a signed-out visitor sees: the private community, log in and sign up', async () => {
    const { context, page, errors } = await openPage(env.browser);
    for (const path of ['/home', '/login', '/user_registration']) {
      await page.goto(env.server.url('ut', path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await violations(page), path).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
