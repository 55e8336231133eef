import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import {
  DESKTOP,
  launchBrowser,
  maybeScreenshot,
  MOBILE,
  openPage,
  type RunningServer,
  startServer,
} from './harness';

let server: RunningServer;
let browser: Browser;
let photoDir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
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
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (photoDir) fs.rmSync(photoDir, { recursive: true, force: true });
});

const tag = () => randomUUID().slice(0, 8);
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function post(page: Page, url: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { url, body },
  );
}

async function codeFor(to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${server.port}/dev/mailbox.json?to=${encodeURIComponent(to)}`,
        );
        const { items } = (await res.json()) as {
          items: { subject: string; sentAt: number | null }[];
        };
        const newest = items[0];
        code = newest?.sentAt ? (newest.subject.match(/^(\d{4}) /)?.[1] ?? '') : '';
        return code;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toMatch(/^\d{4}$/);
  return code;
}

/** A school-verified UT student, signed in inside a fresh browser context. */
async function member(
  name: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, viewport);
  const { page } = opened;
  const id = tag();
  const email = `${name.split(' ')[0]!.toLowerCase()}-${id}@example.com`;
  const schoolEmail = `${name.split(' ')[0]!.toLowerCase()}-${id}@utexas.edu`;
  await page.goto(server.url('ut', '/settings/about'));
  expect(
    await post(page, '/api/auth/register', {
      name,
      email,
      password: 'maroon-bicycle-42',
      terms: true,
    }),
  ).toBe(201);
  expect(await post(page, '/api/verification/code', {})).toBe(200);
  expect(await post(page, '/api/verification/verify', { code: await codeFor(email) })).toBe(200);
  expect(await post(page, '/api/me/school-email', { schoolEmail })).toBe(200);
  expect(
    await post(page, '/api/verification/verify', {
      code: await codeFor(schoolEmail),
      email: schoolEmail,
    }),
  ).toBe(200);
  return opened;
}

const alertWith = (page: Page, text: string) =>
  page.locator('.alerts').getByText(text, { exact: true });

describe('feed, composer and post page', () => {
  it('a student posts two photos with a category; another comments three levels deep and saves it; the author deletes a comment and the post', async () => {
    const author = await member('Casey Morgan');
    const { page } = author;
    await page.goto(server.url('ut', '/home'));
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
    await menu.getByRole('button', { name: 'furniture', exact: true }).click();
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

    // A second student comments, then replies three levels deep.
    const reader = await member('Riley Brooks', MOBILE);
    const rp = reader.page;
    await rp.goto(server.url('ut', postPath));
    await rp.getByRole('heading', { name: "Casey's post" }).waitFor();
    await rp.getByText(POST_MESSAGES.beFirstToComment).waitFor();
    const comments = rp.getByRole('region', { name: 'Comments' });
    const levels = [
      'Is the desk still available?',
      'Level two reply',
      'Level three reply',
      'Level four reply',
    ];
    await comments
      .getByRole('textbox', { name: POST_MESSAGES.commentPlaceholder })
      .fill(levels[0]!);
    await comments.getByRole('button', { name: MESSAGES.posts.reply }).first().click();
    await alertWith(rp, POST_MESSAGES.replySent).waitFor();
    await comments.getByText(levels[0]!).waitFor();
    for (let depth = 1; depth < levels.length; depth++) {
      const parent = comments
        .getByRole('article')
        .filter({ hasText: levels[depth - 1]! })
        .last();
      await parent.getByRole('button', { name: MESSAGES.posts.reply, exact: true }).first().click();
      const box = parent.getByRole('textbox', { name: 'Reply to Riley B.' });
      await box.fill(levels[depth]!);
      const form = parent.getByRole('form', { name: 'Reply to Riley B.' });
      await form.getByRole('button').click();
      await comments.getByText(levels[depth]!).waitFor();
      // The reply box closes once the reply is in; wait, so the next click does not race it.
      await form.waitFor({ state: 'detached' });
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
    await page.goto(server.url('ut', postPath));
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
    await rp.goto(server.url('ut', postPath));
    await rp.getByText(POST_MESSAGES.missingPage).waitFor();
    await rp.locator('main').getByRole('link', { name: MESSAGES.posts.search }).waitFor();

    expect(author.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
    await author.context.close();
    await reader.context.close();
  });

  it('refuses a 501-character post with "Error: Too many characters!"', async () => {
    const { context, page, errors } = await member('Jordan Lee', MOBILE);
    await page.goto(server.url('ut', '/home'));
    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    const box = dialog.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder });
    await box.fill('a'.repeat(501));
    await dialog.getByText('501 / 500').waitFor();
    await dialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    await dialog.getByRole('alert').getByText(POST_MESSAGES.tooManyCharacters).waitFor();
    // Typing stops at the limit.
    await box.fill('b'.repeat(500));
    await box.press('End');
    await box.pressSequentially('c');
    expect((await box.inputValue()).length).toBe(500);
    await maybeScreenshot(page, 'composer-too-long-mobile');
    // Closing with a draft asks first.
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: MESSAGES.posts.discardPostTitle })
      .getByRole('button', { name: MESSAGES.posts.discard })
      .click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
