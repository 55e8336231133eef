import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryLabel } from '@common/categories';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import { landOn, PASSWORD, postJson, schoolVerifiedStudent, sendJson, tag } from './students';

const env = serverAndBrowser();
let photoDir: string;

beforeAll(async () => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-feed-photos-'));
  await Promise.all(
    [
      ['desk.png', { r: 200, g: 80, b: 40 }],
      ['lamp.png', { r: 40, g: 120, b: 200 }],
    ].map(([name, background]) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background: background! } })
        .png()
        .toFile(path.join(photoDir, name as string)),
    ),
  );
});
afterAll(() => {
  if (photoDir) fs.rmSync(photoDir, { recursive: true, force: true });
});

const pathOf = (page: Page) => new URL(page.url()).pathname;
const member = (name: string, viewport = DESKTOP) =>
  schoolVerifiedStudent(env.server, env.browser, name, viewport);

let sam: Promise<string> | undefined;

/**
 * Sam Miller, one school-verified UT student for the tests below that need no
 * one else, signed in in a fresh context: made once, as each new student costs
 * two e-mails and the server sends at most six a minute to one address.
 */
async function samSignedIn(viewport = DESKTOP) {
  sam ??= member('Sam Miller').then(async ({ context, email }) => {
    await context.close();
    return email;
  });
  const email = await sam;
  const opened = await openPage(env.browser, viewport);
  await landOn(opened.page, env.server, 'ut');
  expect(await postJson(opened.page, '/api/auth/login', { email, password: PASSWORD })).toBe(200);
  return opened;
}

const alertWith = (page: Page, text: string) =>
  page.locator('.alerts').getByText(text, { exact: true });

describe('feed, composer and post page', () => {
  it('a student posts two photos with a category; another comments three levels deep and saves it; the author deletes a comment and the post', async () => {
    const author = await member('Casey Morgan');
    const { page } = author;
    await page.goto(env.server.url('ut', '/home'));
    await page.getByText(MESSAGES.feedEmptyHint).waitFor();

    // Compose: text, a category from "Boost visibility", two photos.
    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    const text = `Walnut desk and lamp, barely used ${tag()}`;
    await dialog.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder }).fill(text);
    await dialog.getByText(`${text.length} / 500`).waitFor();
    await dialog.getByRole('button', { name: MESSAGES.posts.addCategory }).click();
    const menu = page.getByRole('dialog', { name: POST_MESSAGES.boostVisibility });
    await menu.getByText(POST_MESSAGES.boostVisibilityText).waitFor();
    await menu.getByRole('button', { name: categoryLabel('furniture'), exact: true }).click();
    await alertWith(page, POST_MESSAGES.categorySwitched).waitFor();
    await dialog
      .getByLabel(MESSAGES.posts.addMedia)
      .and(page.locator('input[type=file]'))
      .setInputFiles([path.join(photoDir, 'desk.png'), path.join(photoDir, 'lamp.png')]);
    await expect.poll(() => dialog.getByRole('img').count()).toBe(2);
    await maybeScreenshot(page, 'feed-composer');
    await dialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();

    const sent = alertWith(page, POST_MESSAGES.postSent);
    await sent.waitFor();
    const viewHref = await page
      .locator('.alerts')
      .getByRole('link', { name: 'View' })
      .getAttribute('href');
    expect(viewHref).toMatch(/^\/post\/.+/);
    const postPath = viewHref!;

    // On top of the feed, with both photos at their real size.
    const first = page.getByRole('list', { name: 'Posts' }).getByRole('article').first();
    await first.getByText(text).waitFor();
    await first.getByText('furniture').waitFor();
    expect(await first.getByRole('img', { name: /^Photo \d of 2$/ }).count()).toBe(2);
    expect(await first.getByRole('img').nth(1).getAttribute('width')).toBe('800');
    await first.getByRole('link', { name: 'Casey M.' }).waitFor();
    await page.reload();
    await page
      .getByRole('list', { name: 'Posts' })
      .getByRole('article')
      .first()
      .getByText(text)
      .waitFor();
    await maybeScreenshot(page, 'feed-desktop');

    // A second student, on a phone, comments and replies three levels deep:
    // each through the full-page composer /create/comment/{id}, back to the post.
    const reader = await member('Riley Brooks', MOBILE);
    const rp = reader.page;
    await rp.goto(env.server.url('ut', postPath));
    await rp.getByRole('heading', { name: "Casey's post" }).waitFor();
    await rp.getByText(POST_MESSAGES.beFirstToComment).waitFor();
    const comments = rp.getByRole('region', { name: 'Comments' });
    const levels = [
      'Is the desk still available?',
      'Level two reply',
      'Level three reply',
      'Level four reply',
    ];
    const postId = postPath.split('/').pop()!;
    const writeOnCreatePage = async (parentId: string, parentText: string, reply: string) => {
      await expect
        .poll(() => rp.url())
        .toBe(
          env.server.url(
            'ut',
            `/create/comment/${parentId}?goBack=${encodeURIComponent(postPath)}`,
          ),
        );
      await rp.getByText(parentText).first().waitFor();
      const box = rp.getByRole('textbox', { name: POST_MESSAGES.commentPlaceholder });
      await box.fill(reply);
      await rp.getByText(`${reply.length} / 500`).waitFor();
      await rp.getByRole('button', { name: MESSAGES.posts.reply, exact: true }).click();
      await alertWith(rp, POST_MESSAGES.replySent).waitFor();
      await expect.poll(() => pathOf(rp)).toBe(postPath);
      await comments.getByText(reply).waitFor();
    };
    await rp
      .getByRole('article', { name: 'Post by Casey M.' })
      .getByRole('button', { name: MESSAGES.posts.comment, exact: true })
      .click();
    await rp.getByRole('heading', { name: MESSAGES.posts.comment, level: 1 }).waitFor();
    await maybeScreenshot(rp, 'create-comment-mobile');
    await writeOnCreatePage(postId, text, levels[0]!);
    for (let depth = 1; depth < levels.length; depth++) {
      const parent = comments
        .getByRole('article')
        .filter({ hasText: levels[depth - 1]! })
        .last();
      const parentLink = await parent.getByRole('link').nth(1).getAttribute('href');
      await parent.getByRole('button', { name: MESSAGES.posts.reply, exact: true }).first().click();
      await rp.getByRole('heading', { name: MESSAGES.posts.reply, level: 1 }).waitFor();
      await writeOnCreatePage(parentLink!.split('/').pop()!, levels[depth - 1]!, levels[depth]!);
    }
    // Each reply is nested inside its parent's list item.
    const deepest = comments
      .locator('li')
      .filter({ hasText: levels[0]! })
      .locator('li')
      .filter({ hasText: levels[1]! })
      .locator('li')
      .filter({ hasText: levels[2]! })
      .locator('li')
      .getByText(levels[3]!);
    await deepest.waitFor();
    await maybeScreenshot(rp, 'post-thread-mobile');

    // Saving moves the count at once.
    const save = rp.getByRole('button', { name: /^Save/ }).first();
    await expect.poll(() => save.getByTestId('save-count').textContent()).toBe('0');
    await save.click();
    await rp
      .getByRole('button', { name: /^Saved!/ })
      .first()
      .waitFor({ timeout: 1000 });
    await expect.poll(() => rp.getByTestId('save-count').first().textContent()).toBe('1');
    await alertWith(rp, POST_MESSAGES.postSaved).waitFor();
    // Not the owner: the menu only copies the link.
    await rp.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await rp.getByRole('menuitem', { name: MESSAGES.posts.copyLink }).waitFor();
    expect(await rp.getByRole('menuitem', { name: MESSAGES.posts.delete }).count()).toBe(0);
    await rp.keyboard.press('Escape');

    // The author sees the thread, can't delete Riley's comments, and deletes a comment of their own.
    await page.goto(env.server.url('ut', postPath));
    const authorComments = page.getByRole('region', { name: 'Comments' });
    await authorComments.getByText(levels[3]!).waitFor();
    expect(await authorComments.getByRole('button', { name: MESSAGES.posts.delete }).count()).toBe(
      0,
    );
    await authorComments
      .getByRole('textbox', { name: POST_MESSAGES.commentPlaceholder })
      .fill('Yes, pick up any evening');
    await authorComments.getByRole('button', { name: MESSAGES.posts.reply }).first().click();
    const mine = authorComments.getByRole('article', { name: 'Comment by Casey M.' });
    await mine.waitFor();
    await mine.getByRole('button', { name: MESSAGES.posts.delete }).click();
    await page
      .getByRole('dialog', { name: MESSAGES.posts.deleteCommentTitle })
      .getByRole('button', { name: MESSAGES.posts.delete })
      .click();
    await alertWith(page, POST_MESSAGES.commentRemoved).waitFor();
    await expect.poll(() => mine.count()).toBe(0);

    // Then the post itself.
    await page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await page.getByRole('menuitem', { name: MESSAGES.posts.delete }).click();
    await page
      .getByRole('dialog', { name: POST_MESSAGES.deletePostTitle })
      .getByRole('button', { name: MESSAGES.posts.delete })
      .click();
    await alertWith(page, POST_MESSAGES.postDeleted).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/home');
    await page.getByText(MESSAGES.feedEmptyHint).waitFor();

    // The post is gone for the reader too.
    await rp.goto(env.server.url('ut', postPath));
    await rp.getByText(POST_MESSAGES.missingPage).waitFor();
    await rp.locator('main').getByRole('link', { name: MESSAGES.posts.search }).waitFor();

    expect(author.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await author.context.close();
    await reader.context.close();
  });

  it('at mobile width the composer is the /create/post page: a student posts a photo with a category and lands on the feed', async () => {
    const { context, page, errors } = await member('Jordan Lee', MOBILE);
    await page.goto(env.server.url('ut', '/home?category=furniture'));
    await page.getByText(MESSAGES.feedEmptyHint).waitFor();
    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    await expect
      .poll(() => page.url())
      .toBe(
        env.server.url(
          'ut',
          `/create/post?goBack=${encodeURIComponent('/home?category=furniture')}`,
        ),
      );
    await page.getByRole('heading', { name: MESSAGES.posts.createPost, level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Too long: refused on Post; typing stops at the limit.
    const box = page.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder });
    await box.fill('a'.repeat(501));
    await page.getByText('501 / 500').waitFor();
    await page.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    await page.getByRole('alert').getByText(POST_MESSAGES.tooManyCharacters).waitFor();
    await maybeScreenshot(page, 'composer-too-long-mobile');
    await box.fill('b'.repeat(500));
    await box.press('End');
    await box.pressSequentially('c');
    expect((await box.inputValue()).length).toBe(500);

    // Cancel with a draft asks first, then goes back to where the student was.
    await page.getByRole('button', { name: MESSAGES.signIn.cancel, exact: true }).click();
    await page
      .getByRole('dialog', { name: MESSAGES.posts.discardPostTitle })
      .getByRole('button', { name: MESSAGES.posts.discard })
      .click();
    await expect.poll(() => page.url()).toBe(env.server.url('ut', '/home?category=furniture'));

    // The bottom bar's Create post also opens the page, coming back to the current one.
    await page.goto(env.server.url('ut', '/saved'));
    await page.getByRole('heading', { name: MESSAGES.posts.savedTitle, level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Create post' })
      .click();
    await expect
      .poll(() => page.url())
      .toBe(env.server.url('ut', `/create/post?goBack=${encodeURIComponent('/saved')}`));

    // Text, a category from "Boost visibility", a photo with its preview.
    const text = `Desk lamp, warm light ${tag()}`;
    await box.fill(text);
    await page.getByText(`${text.length} / 500`).waitFor();
    await page.getByRole('button', { name: MESSAGES.posts.addCategory }).click();
    await page.getByRole('heading', { name: POST_MESSAGES.boostVisibility, level: 1 }).waitFor();
    await page.getByText(POST_MESSAGES.boostVisibilityText).waitFor();
    await page.getByRole('button', { name: categoryLabel('furniture'), exact: true }).click();
    await alertWith(page, POST_MESSAGES.categorySwitched).waitFor();
    await page
      .getByLabel(MESSAGES.posts.addMedia)
      .and(page.locator('input[type=file]'))
      .setInputFiles([path.join(photoDir, 'lamp.png')]);
    await page.getByRole('img', { name: 'Attachment 1' }).waitFor();
    await maybeScreenshot(page, 'create-post-mobile');
    await page.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();

    // Sent: the feed says so, with a View link, and shows the post on top.
    await expect.poll(() => pathOf(page)).toBe('/home');
    await alertWith(page, MESSAGES.postSent).waitFor();
    const viewHref = await page
      .locator('.alerts')
      .getByRole('link', { name: 'View' })
      .getAttribute('href');
    expect(viewHref).toMatch(/^\/post\/.+/);
    const first = page.getByRole('list', { name: 'Posts' }).getByRole('article').first();
    await first.getByText(text).waitFor();
    await first.getByText('furniture').waitFor();
    await first.getByRole('img', { name: 'Photo 1 of 1' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await maybeScreenshot(page, 'feed-mobile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a desktop visitor of a mobile create page goes back to goBack; the sidebar opens the dialog', async () => {
    const { context, page, errors } = await member('Avery Quinn');
    await page.goto(env.server.url('ut', '/create/post?goBack=/saved'));
    await expect.poll(() => pathOf(page)).toBe('/saved');
    await page.getByRole('heading', { name: MESSAGES.posts.savedTitle, level: 1 }).waitFor();
    await page.goto(env.server.url('ut', '/create/comment/some-post?goBack=detail'));
    await expect.poll(() => pathOf(page)).toBe('/post/some-post');
    await page.goto(env.server.url('ut', '/create/post'));
    await expect.poll(() => pathOf(page)).toBe('/home');

    // On wide screens Create Post is the dialog, on any page.
    await page.goto(env.server.url('ut', '/saved'));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: MESSAGES.signIn.createPost })
      .click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    await dialog.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder }).waitFor();
    expect(pathOf(page)).toBe('/saved');
    await maybeScreenshot(page, 'sidebar-composer-desktop');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('create pages are for signed-in students only', async () => {
    const { context, page } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('ut', '/create/post?goBack=/saved'));
    await expect.poll(() => pathOf(page)).not.toMatch(/^\/create\//);
    await context.close();
  });
});

describe('a student’s own posts and face', () => {
  /** The letters an avatar without a photo shows (drawn by CSS from data-initials). */
  const initialsIn = (scope: Locator) =>
    scope.locator('[data-initials]').first().getAttribute('data-initials');

  it('the same initials in the top bar, the sidebar, the composer, posts and comments', async () => {
    const { context, page, errors } = await samSignedIn();
    const post = await sendJson<PostDto>(page, '/api/posts', {
      text: `Bike lock ${tag()}`,
      mediaIds: [],
    });
    await sendJson(page, '/api/posts', {
      text: `Still here ${tag()}`,
      parentId: post.json.id,
      mediaIds: [],
    });
    await page.goto(env.server.url('ut', '/home'));
    const card = page
      .getByRole('list', { name: 'Posts' })
      .getByRole('article')
      .filter({ hasText: post.json.text });
    await card.waitFor();
    expect(await initialsIn(page.getByRole('button', { name: 'Account menu' }))).toBe('SM');
    expect(await initialsIn(page.getByRole('navigation', { name: 'Main' }))).toBe('SM');
    expect(await initialsIn(page.getByRole('region', { name: MESSAGES.posts.createPost }))).toBe(
      'SM',
    );
    expect(await initialsIn(card)).toBe('SM');
    await page.goto(env.server.url('ut', `/post/${post.json.id}`));
    const comment = page.getByRole('article', { name: /^Comment by / });
    await comment.waitFor();
    expect(await initialsIn(comment)).toBe('SM');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('categories', () => {
  it('read as written ("TVs", "3D") on posts and in the filter, not capitalised by CSS', async () => {
    const { context, page, errors } = await samSignedIn();
    for (const category of ['tvs & media players', '3d printers & supplies']) {
      const created = await sendJson(page, '/api/posts', {
        text: `For sale ${tag()}`,
        category,
        mediaIds: [],
      });
      expect(created.status).toBe(201);
    }
    await page.goto(env.server.url('ut', '/home'));
    const cards = page.getByRole('list', { name: 'Posts' }).getByRole('article');
    await cards.first().waitFor();
    // innerText is the text as shown, after any CSS text-transform.
    const shown = await cards.evaluateAll((articles) =>
      articles.map((a) => (a as HTMLElement).innerText),
    );
    expect(shown.join('\n')).toContain('3D Printers & Supplies');
    expect(shown.join('\n')).toContain('TVs & Media Players');
    const filter = page.getByLabel(MESSAGES.posts.category);
    const options = await filter
      .locator('option')
      .evaluateAll((list) => list.map((o) => (o as HTMLElement).innerText));
    expect(options).toContain('TVs & Media Players');
    expect(options).toContain('3D Printers & Supplies');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('posting from a phone', () => {
  it('the new post is on top of the feed on return, even where older posts rank higher', async () => {
    // OU ranks its feed: an older post with a comment outranks a new one on the server.
    const { context, page, errors } = await schoolVerifiedStudent(
      env.server,
      env.browser,
      'Noa Park',
      MOBILE,
      'ou',
    );
    const older = await sendJson<PostDto>(page, '/api/posts', {
      text: `Older desk ${tag()}`,
      mediaIds: [],
    });
    await sendJson(page, '/api/posts', {
      text: `Is it still there? ${tag()}`,
      parentId: older.json.id,
      mediaIds: [],
    });
    await page.goto(env.server.url('ou', '/home'));
    const cards = page.getByRole('list', { name: 'Posts' }).getByRole('article');
    await cards.first().getByText(older.json.text).waitFor();

    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    const text = `Just listed: rice cooker ${tag()}`;
    await page.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder }).fill(text);
    // Back on the feed, it is read again from the server.
    const refetched = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/feed');
    await page.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/home');
    await refetched;
    await cards.first().getByText(text).waitFor({ timeout: 2_000 });
    expect(await cards.nth(1).getByText(older.json.text).count()).toBe(1);
    // Made a moment ago: "just now", not "0 seconds ago".
    await cards.first().getByText(MESSAGES.posts.justNow, { exact: true }).waitFor();
    expect(await cards.count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('comments from the keyboard', () => {
  it('on desktop Enter sends a comment or a reply, Shift+Enter adds a line', async () => {
    const { context, page, errors } = await samSignedIn();
    const post = await sendJson<PostDto>(page, '/api/posts', {
      text: `Standing lamp ${tag()}`,
      mediaIds: [],
    });
    await page.goto(env.server.url('ut', `/post/${post.json.id}`));
    const box = page.getByRole('textbox', { name: POST_MESSAGES.commentPlaceholder });
    const question = `Still available? ${tag()}`;
    await box.fill(question);
    await box.press('Enter');
    await alertWith(page, POST_MESSAGES.replySent).waitFor();
    const comment = page.getByRole('article', { name: /^Comment by / }).first();
    await comment.getByText(question).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    await comment.getByRole('button', { name: MESSAGES.posts.reply, exact: true }).click();
    const reply = page.getByRole('textbox', { name: /^Reply to / });
    await reply.pressSequentially('Yes, until Friday.');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('Pick-up only.');
    expect(await reply.inputValue()).toBe('Yes, until Friday.\nPick-up only.');
    await reply.press('Enter');
    await expect.poll(() => reply.count()).toBe(0);
    await page
      .getByRole('article', { name: /^Comment by / })
      .filter({ hasText: 'Pick-up only.' })
      .getByText(/Yes, until Friday\.\s+Pick-up only\./)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone Enter adds a line and the Reply button sends', async () => {
    const { context, page, errors } = await samSignedIn(MOBILE);
    const post = await sendJson<PostDto>(page, '/api/posts', {
      text: `Mini fridge ${tag()}`,
      mediaIds: [],
    });
    await page.goto(
      env.server.url('ut', `/create/comment/${post.json.id}?goBack=/post/${post.json.id}`),
    );
    const box = page.getByRole('textbox', { name: POST_MESSAGES.commentPlaceholder });
    await box.pressSequentially('Does it fit a dorm?');
    await box.press('Enter');
    await box.pressSequentially('Thanks');
    expect(await box.inputValue()).toBe('Does it fit a dorm?\nThanks');
    expect(pathOf(page)).toBe(`/create/comment/${post.json.id}`);
    await page.getByRole('button', { name: MESSAGES.posts.reply, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(`/post/${post.json.id}`);
    await page.getByText(/Does it fit a dorm\?\s+Thanks/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
