import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryLabel } from '@common/categories';
import { POST_PREVIEW_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import { MAX_FILES_PER_POST, POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { launchBrowser, maybeScreenshot, type RunningServer, startServer } from './harness';
import { schoolVerifiedStudent, tag } from './students';

/**
 * The client rules of the composer, the feed and the post page, each with its
 * exact words (docs/product/posts-and-listings.md: Feed, Posts and comments,
 * Saves).
 */

let server: RunningServer;
let browser: Browser;
let fileDir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-post-rules-'));
  await Promise.all(
    Array.from({ length: MAX_FILES_PER_POST + 1 }, (_, i) =>
      sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 20 * i, g: 90, b: 160 } },
      })
        .png()
        .toFile(path.join(fileDir, `photo-${i + 1}.png`)),
    ),
  );
  fs.writeFileSync(path.join(fileDir, 'notes.txt'), 'Not a photo.\n');
  fs.writeFileSync(path.join(fileDir, 'receipt.pdf'), '%PDF-1.4\n%%EOF\n');
  // Text wearing a photo's name: the extension passes, the upload's bytes do not.
  fs.writeFileSync(path.join(fileDir, 'disguised.jpg'), 'Plain text, not a JPEG at all.\n');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (fileDir) fs.rmSync(fileDir, { recursive: true, force: true });
});

const pathOf = (page: Page) => new URL(page.url()).pathname;
const file = (name: string) => path.join(fileDir, name);
const photos = (n: number) => Array.from({ length: n }, (_, i) => file(`photo-${i + 1}.png`));
const alertWith = (page: Page, text: string) =>
  page.locator('.alerts').getByText(text, { exact: true });
/** Dismisses an alert if it still shows (a script click: an open dialog makes the page inert). */
const dismiss = async (page: Page, text: string) => {
  await page.evaluate((text) => {
    for (const alert of document.querySelectorAll('.alerts > *')) {
      if (alert.querySelector('.alert__msg')?.textContent === text)
        alert.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')?.click();
    }
  }, text);
  await expect.poll(() => alertWith(page, text).count()).toBe(0);
};
const posts = (page: Page) => page.getByRole('list', { name: 'Posts' }).getByRole('article');

/** A post or comment made through the API from inside the signed-in page. */
async function createPost(
  page: Page,
  body: { text: string; parentId?: string; category?: string },
): Promise<PostDto> {
  const { status, json } = await page.evaluate(async (body) => {
    const res = await fetch('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
      body: JSON.stringify({ mediaIds: [], ...body }),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  }, body);
  expect(status).toBe(201);
  return json as PostDto;
}

// Shared by the tests below, which run in order on one campus (UT).
let author: Awaited<ReturnType<typeof schoolVerifiedStudent>>;
let reader: Awaited<ReturnType<typeof schoolVerifiedStudent>>;
let longPost: PostDto;
const longText = `Mid-century walnut desk ${tag()}: ${'solid wood, two drawers, no scratches. '.repeat(8)}Pick up on campus.`;

describe('composer, feed and post page rules', () => {
  it('an empty campus says "Nothing to see here - yet" and "Be the first..."; the composer dialog keeps its limits', async () => {
    author = await schoolVerifiedStudent(server, browser, 'Avery Quinn');
    const { page } = author;
    await page.goto(server.url('ut', '/home'));

    // Empty feed: the hint and the button that opens the composer.
    await page.getByRole('heading', { name: MESSAGES.feedEmptyHint }).waitFor();
    expect(await page.getByText(MESSAGES.feedEnd).count()).toBe(0);
    await page.getByRole('button', { name: MESSAGES.feedEmpty, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    const box = dialog.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder });
    await box.waitFor();
    const fileInput = dialog
      .getByLabel(MESSAGES.posts.addMedia)
      .and(page.locator('input[type=file]'));
    const previews = dialog.getByRole('list', { name: 'Attached files' }).getByRole('listitem');

    // 11 files at once: "Please choose up to 10 photos."; the first ten are kept.
    await fileInput.setInputFiles(photos(MAX_FILES_PER_POST + 1));
    await alertWith(page, POST_MESSAGES.tooManyFiles).waitFor();
    await expect.poll(() => previews.count()).toBe(MAX_FILES_PER_POST);
    await dialog.getByText(`${MAX_FILES_PER_POST} / ${MAX_FILES_PER_POST}`).waitFor();
    await maybeScreenshot(page, 'rules-too-many-files');

    // A preview can be removed.
    await dialog.getByRole('button', { name: 'Remove attachment 1', exact: true }).click();
    await expect.poll(() => previews.count()).toBe(MAX_FILES_PER_POST - 1);
    await dialog.getByText(`${MAX_FILES_PER_POST - 1} / ${MAX_FILES_PER_POST}`).waitFor();

    // Not a photo or a video: "Only photos & videos are allowed!", nothing added.
    for (const name of ['notes.txt', 'receipt.pdf']) {
      await fileInput.setInputFiles([file(name)]);
      await alertWith(page, POST_MESSAGES.onlyPhotosVideos).waitFor();
      await dismiss(page, POST_MESSAGES.onlyPhotosVideos);
      expect(await previews.count()).toBe(MAX_FILES_PER_POST - 1);
    }

    // The counter: a line break counts 2; typing stops at 500.
    await box.fill('a\nb');
    await dialog.getByText('4 / 500').waitFor();
    await box.fill('a'.repeat(499));
    await dialog.getByText('499 / 500').waitFor();
    await box.press('End');
    await box.press('Enter'); // would make 501
    await box.pressSequentially('b');
    await dialog.getByText('500 / 500').waitFor();
    await box.pressSequentially('c');
    expect(await box.inputValue()).toBe(`${'a'.repeat(499)}b`);
    await box.fill('a'.repeat(498));
    await box.press('End');
    await box.press('Enter'); // exactly 500
    await dialog.getByText('500 / 500').waitFor();
    await box.pressSequentially('d');
    expect(await box.inputValue()).toBe(`${'a'.repeat(498)}\n`);

    // Closing with a draft asks first; Cancel keeps the draft and the dialog.
    const draft = `Bike lock and lights ${tag()}`;
    await box.fill(draft);
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: MESSAGES.posts.discardPostTitle });
    await discard.getByText(MESSAGES.posts.discardPostText).waitFor();
    await maybeScreenshot(page, 'rules-discard');
    await discard.getByRole('button', { name: MESSAGES.signIn.cancel, exact: true }).click();
    await expect.poll(() => discard.count()).toBe(0);
    expect(await box.inputValue()).toBe(draft);
    expect(await previews.count()).toBe(MAX_FILES_PER_POST - 1);

    // Picking the category it already has says nothing; a different one says "Category switched".
    await dialog.getByRole('button', { name: MESSAGES.posts.addCategory }).click();
    const menu = page.getByRole('dialog', { name: POST_MESSAGES.boostVisibility });
    await menu.getByRole('button', { name: MESSAGES.posts.noCategory, exact: true }).click();
    await box.waitFor();
    expect(await alertWith(page, POST_MESSAGES.categorySwitched).count()).toBe(0);
    await dialog.getByRole('button', { name: MESSAGES.posts.addCategory }).click();
    await menu
      .getByRole('button', { name: categoryLabel('books, movies, & music'), exact: true })
      .click();
    await alertWith(page, POST_MESSAGES.categorySwitched).waitFor();
    await dialog.getByRole('button', { name: categoryLabel('books, movies, & music') }).waitFor();
    expect(await box.inputValue()).toBe(draft);

    // The close button asks too; Discard empties the composer.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await discard.getByRole('button', { name: MESSAGES.posts.discard }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    await box.waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await previews.count()).toBe(0);
    await dialog.getByRole('button', { name: MESSAGES.posts.addCategory }).waitFor();

    // Text dressed as a .jpg gets past the name check but not the upload.
    await box.fill(`Disguised ${tag()}`);
    await fileInput.setInputFiles([file('disguised.jpg')]);
    await expect.poll(() => previews.count()).toBe(1);
    await dialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    await alertWith(page, POST_MESSAGES.onlyPhotosVideos).waitFor();
    await dialog.getByRole('alert').getByText(POST_MESSAGES.onlyPhotosVideos).waitFor();
    await page.keyboard.press('Escape');
    await discard.getByRole('button', { name: MESSAGES.posts.discard }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Nothing was posted.
    await page.reload();
    await page.getByRole('heading', { name: MESSAGES.feedEmptyHint }).waitFor();
    expect(author.errors).toEqual([]);
  });

  it('the feed cuts long text with "See more" / "See less", saves at once with "Post saved.", and pages 15 at a time to "You\'ve reached the end."', async () => {
    const { page } = author;
    // 16 posts: a page of 15 and one more; the long one is the newest.
    for (let i = 1; i <= 15; i++) await createPost(page, { text: `Item ${i} for sale ${tag()}` });
    longPost = await createPost(page, { text: longText, category: 'furniture' });

    reader = await schoolVerifiedStudent(server, browser, 'Blake Rivera');
    const rp = reader.page;
    await rp.goto(server.url('ut', '/home'));
    await expect.poll(() => posts(rp).count()).toBe(15);
    expect(await rp.getByText(MESSAGES.feedEnd).count()).toBe(0);

    // Over 200 characters: cut, then opened and closed again.
    const card = posts(rp).first();
    const cut = `${[...longText].slice(0, POST_PREVIEW_CHARS).join('').trimEnd()}…`;
    await card.getByText(cut).waitFor();
    expect(await card.getByText(longText).count()).toBe(0);
    await card.getByRole('button', { name: POST_MESSAGES.seeMore, exact: true }).click();
    await card.getByText(longText).waitFor();
    await card.getByRole('button', { name: POST_MESSAGES.seeLess, exact: true }).click();
    await card.getByText(cut).waitFor();
    expect(await card.getByText(longText).count()).toBe(0);
    // Short text has no such button.
    expect(
      await posts(rp).nth(1).getByRole('button', { name: POST_MESSAGES.seeMore }).count(),
    ).toBe(0);

    // Save from the card: the count moves before the server answers, then "Post saved.".
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await rp.route('**/api/posts/*/like', async (route) => {
      await answered;
      await route.continue();
    });
    const save = card.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.save}`) });
    await expect.poll(() => save.getByTestId('save-count').textContent()).toBe('0');
    await save.click();
    const saved = card.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.saved}`) });
    await saved.waitFor();
    expect(await saved.getByTestId('save-count').textContent()).toBe('1');
    expect(await saved.getAttribute('aria-pressed')).toBe('true');
    expect(await alertWith(rp, POST_MESSAGES.postSaved).count()).toBe(0);
    release();
    await alertWith(rp, POST_MESSAGES.postSaved).waitFor();
    await rp.unroute('**/api/posts/*/like');
    expect(await saved.getByTestId('save-count').textContent()).toBe('1');
    await maybeScreenshot(rp, 'rules-feed-saved');

    // Scrolling to the bottom loads the 16th post, and the list ends.
    await posts(rp).last().scrollIntoViewIfNeeded();
    await rp.mouse.wheel(0, 5000);
    await expect.poll(() => posts(rp).count()).toBe(16);
    await rp.getByText(MESSAGES.feedEnd, { exact: true }).waitFor();
    await maybeScreenshot(rp, 'rules-feed-end');
    expect(reader.errors).toEqual([]);
  });

  it('the post page: "{first name}\'s post", See more, Save with its count, the share dialog and "Link Copied!", Liked by, a missing post', async () => {
    const { context, page: rp } = reader;
    const postPath = `/post/${longPost.id}`;
    const link = server.url('ut', `${postPath}?redirect=true`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url('ut', '').replace(/\/$/, ''),
    });
    await rp.goto(server.url('ut', postPath));
    await rp.getByRole('heading', { name: MESSAGES.posts.postTitle('Avery'), level: 1 }).waitFor();
    const article = rp.getByRole('article', { name: 'Post by Avery Q.' });

    // Over 200 characters here too.
    await article.getByRole('button', { name: POST_MESSAGES.seeMore, exact: true }).click();
    await article.getByText(longText).waitFor();
    await article.getByRole('button', { name: POST_MESSAGES.seeLess, exact: true }).waitFor();

    // Saved from the feed: "Saved!" with 1; unsave and save again.
    const saveButton = article.locator('footer').getByRole('button').first();
    await expect.poll(() => saveButton.textContent()).toBe(`${POST_MESSAGES.saved}1`);
    await saveButton.click();
    await expect.poll(() => saveButton.textContent()).toBe(`${POST_MESSAGES.save}0`);
    await article.getByRole('link', { name: '0 saves' }).waitFor();
    await saveButton.click();
    await expect.poll(() => saveButton.textContent()).toBe(`${POST_MESSAGES.saved}1`);
    await alertWith(rp, POST_MESSAGES.postSaved).waitFor();

    // Share: e-mail and social links, a copy-link field, and "Link Copied!".
    await rp.evaluate(() => navigator.clipboard.writeText(''));
    await article.getByRole('button', { name: MESSAGES.posts.share, exact: true }).click();
    const share = rp.getByRole('dialog', { name: MESSAGES.posts.share });
    const field = share.getByRole('textbox', { name: 'Link' });
    expect(await field.inputValue()).toBe(link);
    expect(link.endsWith('?redirect=true')).toBe(true);
    const mail = await share.getByRole('link', { name: 'Share by e-mail' }).getAttribute('href');
    expect(mail).toMatch(/^mailto:/);
    expect(mail).toContain(encodeURIComponent(link));
    for (const social of ['Share on Facebook', 'Share on X', 'Share on WhatsApp']) {
      const href = await share.getByRole('link', { name: social }).getAttribute('href');
      expect(href).toMatch(/^https:\/\//);
      expect(href).toContain(encodeURIComponent(link));
    }
    await maybeScreenshot(rp, 'rules-share-dialog');
    await share.getByRole('button', { name: 'Copy' }).click();
    await alertWith(rp, MESSAGES.linkCopied).waitFor();
    expect(await rp.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await rp.keyboard.press('Escape');
    await expect.poll(() => share.count()).toBe(0);

    // The more-menu copies the same link.
    await rp.evaluate(() => navigator.clipboard.writeText(''));
    await dismiss(rp, MESSAGES.linkCopied);
    await rp.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await rp.getByRole('menuitem', { name: MESSAGES.posts.copyLink }).click();
    await alertWith(rp, MESSAGES.linkCopied).waitFor();
    expect(await rp.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Liked by: the saver's name.
    await article.getByRole('link', { name: '1 save' }).click();
    await expect.poll(() => pathOf(rp)).toBe(`${postPath}/likes`);
    await rp.getByRole('heading', { name: POST_MESSAGES.likedBy, level: 1 }).waitFor();
    await rp
      .getByRole('list', { name: POST_MESSAGES.likedBy })
      .getByRole('link', { name: /Blake R\./ })
      .waitFor();

    // A post that does not exist, with a way to search.
    await rp.goto(server.url('ut', '/post/no-such-post'));
    await rp.getByRole('heading', { name: POST_MESSAGES.missingPage }).waitFor();
    await rp.locator('main').getByRole('link', { name: MESSAGES.posts.search }).click();
    await expect.poll(() => pathOf(rp)).toBe('/search');
    expect(reader.errors).toEqual([]);
    await reader.context.close();
  });

  it('the author deletes a comment ("Comment Removed") and the post ("Delete Post?", "Your post was deleted")', async () => {
    const { page } = author;
    const comment = `Still there? ${tag()}`;
    await createPost(page, { text: comment, parentId: longPost.id });
    await page.goto(server.url('ut', `/post/${longPost.id}`));
    const comments = page.getByRole('region', { name: 'Comments' });
    const mine = comments.getByRole('article', { name: 'Comment by Avery Q.' });
    await mine.getByText(comment).waitFor();
    await mine.getByRole('button', { name: MESSAGES.posts.delete }).click();
    const confirmComment = page.getByRole('dialog', { name: MESSAGES.posts.deleteCommentTitle });
    await confirmComment.getByText(MESSAGES.posts.deleteText).waitFor();
    await confirmComment.getByRole('button', { name: MESSAGES.posts.delete }).click();
    await alertWith(page, POST_MESSAGES.commentRemoved).waitFor();
    await expect.poll(() => mine.count()).toBe(0);
    await comments.getByText(POST_MESSAGES.beFirstToComment).waitFor();

    await page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await page.getByRole('menuitem', { name: MESSAGES.posts.delete }).click();
    const confirmPost = page.getByRole('dialog', { name: POST_MESSAGES.deletePostTitle });
    await confirmPost.getByText(MESSAGES.posts.deleteText).waitFor();
    await maybeScreenshot(page, 'rules-delete-post');
    await confirmPost.getByRole('button', { name: MESSAGES.posts.delete }).click();
    await alertWith(page, POST_MESSAGES.postDeleted).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/home');
    await expect.poll(() => posts(page).count()).toBe(15);
    expect(await page.getByText(longText.slice(0, 40)).count()).toBe(0);
    expect(author.errors).toEqual([]);
    await author.context.close();
  });
});
