import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { DESKTOP, MOBILE, serverAndBrowser } from './harness';
import { once, postJson, schoolVerifiedStudent, tag } from './students';

/**
 * How the feed loads and what its shell opens: the first page comes with the
 * page, uploads show their real progress, Share Group opens its dialog. A file
 * (and server) of its own: each student made here costs a code e-mail, and the
 * mail rate limit counts per server.
 */

const env = serverAndBrowser();
let photoDir: string;
beforeAll(() => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-feed-load-'));
});
afterAll(() => {
  if (photoDir) fs.rmSync(photoDir, { recursive: true, force: true });
});

const member = (name: string, viewport = DESKTOP) =>
  schoolVerifiedStudent(env.server, env.browser, name, viewport);
const jordan = once(() => member('Jordan Lee'));
const alertWith = (page: Page, text: string) =>
  page.locator('.alerts').getByText(text, { exact: true });

describe('loading the feed', () => {
  // Chromium's emulated slow upload sometimes stalls for good (seen 1 run in 3 to 6,
  // on earlier commits too): such a run is given up after 30 s and tried again.
  it(
    'a slow upload shows the blocking "Uploading…" dialog with its real progress until the post is sent',
    { retry: 2, timeout: 30_000 },
    async () => {
      // A photo of noise, so that it stays large: about 1.4 MB.
      const big = path.join(photoDir, 'noise.png');
      const noise = Buffer.alloc(700 * 700 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toFile(big);
      // One student for every try (each new student costs two of the minute's e-mails).
      const { context } = await jordan();
      const page = await context.newPage();
      await page.goto(env.server.url('ut', '/home'));
      await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
      const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
      await dialog
        .getByLabel(MESSAGES.posts.addMedia)
        .and(page.locator('input[type=file]'))
        .setInputFiles([big]);
      await expect.poll(() => dialog.getByRole('img').count()).toBe(1);

      // About 1 MB/s up: the upload takes over a second, long enough to watch on a
      // loaded machine, where the page reads the bar less often.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 20 * 1024 * 1024,
        uploadThroughput: 1024 * 1024,
      });
      await dialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
      const progress = page
        .getByRole('dialog', { name: MESSAGES.posts.uploading })
        .getByRole('progressbar');
      await progress.waitFor();
      const shown = Date.now();
      const seen = new Set<number>();
      const between = () => [...seen].filter((v) => v > 0 && v < 100).length;
      let released = false;
      while (await progress.isVisible()) {
        const now = await progress.getAttribute('aria-valuenow').catch(() => null);
        if (now !== null) seen.add(Number(now));
        // Once the bar has shown steps, lift the throttle: Chromium's emulated
        // upload sometimes stalls its last chunk, which would hang the post.
        // Lifted after 5 s whatever it showed: a stall earlier than that hung
        // the post too (seen only with other test files running alongside).
        if (!released && (between() > 1 || Date.now() - shown > 5000)) {
          released = true;
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 0,
            downloadThroughput: -1,
            uploadThroughput: -1,
          });
        }
        await page.waitForTimeout(25);
      }
      await alertWith(page, POST_MESSAGES.postSent).waitFor();
      // Steps between the ends: the bar follows the bytes sent, it does not jump from 0 to 100.
      expect(between(), [...seen].join(', ')).toBeGreaterThan(1);
      await page.close();
    },
  );
  it('the first page of the feed comes with /home: no request for it before it shows', async () => {
    const { page, context, errors } = await member('Rowan Ellis');
    const text = `Bike lock with two keys ${tag()}`;
    expect(await postJson(page, '/api/posts', { text })).toBe(201);
    const feedRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/feed') feedRequests.push(request.url());
    });
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('list', { name: 'Posts' }).getByText(text).waitFor();
    expect(feedRequests).toEqual([]);
    // Another category is read from the API as before.
    await page.getByLabel(MESSAGES.posts.category).selectOption('furniture');
    await expect.poll(() => feedRequests.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the first posts paint before the app runs, in the very place the app then draws them', async () => {
    const { context, page, errors } = await member('Sasha Moreno', MOBILE);
    const text = `Desk lamp <b>"bright"</b> & 'warm' ${tag()}`;
    expect(await postJson(page, '/api/posts', { text })).toBe(201);
    const where = async (p: Page) => {
      const box = await p.getByText(text, { exact: true }).boundingBox();
      return box && { y: Math.round(box.y), height: Math.round(box.height) };
    };

    // Without the app's code: the server's posts, the user's text as text.
    const bare = await context.newPage();
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto(env.server.url('ut', '/home'));
    const drawn = bare.locator('#quad-first-posts');
    await expect.poll(() => drawn.getByText(text, { exact: true }).isVisible()).toBe(true);
    expect(await drawn.locator('b').count()).toBe(0);
    const before = await where(bare);
    await bare.close();

    // With it: the app's feed in their place, the same text in the same box.
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('list', { name: 'Posts' }).getByText(text, { exact: true }).waitFor();
    expect(await page.locator('#quad-first-posts').count()).toBe(0);
    expect(await where(page)).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Share Group opens the share dialog with the campus link and its share targets', async () => {
    const { page, context, errors } = await member('Sage Flores');
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('button', { name: MESSAGES.shareGroup }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.shareGroup });
    await dialog.getByRole('link', { name: 'Share by e-mail' }).waitFor();
    const whatsapp = await dialog
      .getByRole('link', { name: 'Share on WhatsApp' })
      .getAttribute('href');
    expect(decodeURIComponent(whatsapp!)).toContain(env.server.url('ut', '').replace(/\/$/, ''));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
