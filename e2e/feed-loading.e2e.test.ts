import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { DESKTOP, MOBILE, serverAndBrowser } from './harness';
import { slowUploads } from './throttle';
import { once, postJson, postWithPhotos, schoolVerifiedStudent, tag } from './students';

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
  it('a slow upload shows the blocking "Uploading…" dialog with its real progress until the post is sent', async () => {
    // A photo of noise, so that it stays large: about 1.4 MB.
    const big = path.join(photoDir, 'noise.png');
    const noise = Buffer.alloc(700 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toFile(big);
    // About 1 MB/s up, through a proxy: the upload takes over a second, long enough
    // to watch on a loaded machine, where the page reads the bar less often.
    const slow = await slowUploads(env.server.port, 1024 * 1024);
    try {
      const { context } = await jordan();
      const page = await context.newPage();
      await page.goto(`http://ut.localhost:${slow.port}/home`);
      await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
      const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
      await dialog
        .getByLabel(MESSAGES.posts.addMedia)
        .and(page.locator('input[type=file]'))
        .setInputFiles([big]);
      await expect.poll(() => dialog.getByRole('img').count()).toBe(1);

      // Every value the bar takes, as the page sets it.
      await page.evaluate(() => {
        const seen = new Set<number>();
        (window as unknown as { barValues: Set<number> }).barValues = seen;
        new MutationObserver(() => {
          for (const bar of document.querySelectorAll('[role=progressbar]'))
            seen.add(Number(bar.getAttribute('aria-valuenow')));
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-valuenow'],
        });
      });
      await dialog.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
      await page
        .getByRole('dialog', { name: MESSAGES.posts.uploading })
        .getByRole('progressbar')
        .waitFor();
      await alertWith(page, POST_MESSAGES.postSent).waitFor();
      const seen = await page.evaluate(() => [
        ...(window as unknown as { barValues: Set<number> }).barValues,
      ]);
      // Steps between the ends: the bar follows the bytes sent, it does not jump from 0 to 100.
      expect(seen.filter((v) => v > 0 && v < 100).length, seen.join(', ')).toBeGreaterThan(1);
      await page.close();
    } finally {
      await slow.close();
    }
  });
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
    // More posts than the server draws, so the app has more to add after its first commit.
    for (let i = 0; i < 6; i++)
      expect(await postJson(page, '/api/posts', { text: `Older post ${i} ${tag()}` })).toBe(201);
    const text = `Desk lamp <b>"bright"</b> & 'warm' ${tag()}`;
    expect(await postJson(page, '/api/posts', { text })).toBe(201);
    // The post's text and its whole card: the server renders the app's own components (ADR 045).
    const where = async (p: Page) => {
      const round = (box: { x: number; y: number; width: number; height: number } | null) =>
        box && [box.x, box.y, box.width, box.height].map(Math.round);
      const textBox = await p.getByText(text, { exact: true }).boundingBox();
      const card = await p.locator('article', { hasText: text }).boundingBox();
      return { text: round(textBox), card: round(card) };
    };

    // Without the app's code: the server's posts, the user's text as text. The scripts are
    // kept from the page, and the service worker (which would serve them from its cache,
    // ADR 058) from its context.
    const bareContext = await env.browser.newContext({
      viewport: MOBILE,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
      storageState: await context.storageState(),
    });
    const bare = await bareContext.newPage();
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto(env.server.url('ut', '/home'));
    const drawn = bare.locator('#quad-first-posts');
    await expect.poll(() => drawn.getByText(text, { exact: true }).isVisible()).toBe(true);
    expect(await drawn.locator('b').count()).toBe(0);
    const before = await where(bare);
    await bareContext.close();

    // With it: the app's feed in their place, the same text in the same box.
    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('list', { name: 'Posts' }).getByText(text, { exact: true }).waitFor();
    expect(await page.locator('#quad-first-posts').count()).toBe(0);
    expect(await where(page)).toEqual(before);
    // The app draws the rest of the page a few posts per task (first-posts.ts): all of them in the end.
    const sent = await page.evaluate(
      () =>
        (JSON.parse(document.getElementById('quad-feed')!.textContent!) as { items: unknown[] })
          .items.length,
    );
    expect(sent).toBeGreaterThan(4); // the server draws 4 (web/src/lib/first-posts.ts)
    const items = page.getByRole('list', { name: 'Posts' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(sent);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks for the first post's photo before the app's code, and lazily for the photos below (ADR 071)", async () => {
    const { context, page, errors } = await member('Remy Okafor', MOBILE);
    const photo = (r: number) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 40 } } })
        .png()
        .toBuffer();
    const below = await postWithPhotos(page, `Bookshelf ${tag()}`, [await photo(10)]);
    const first = await postWithPhotos(page, `Desk chair ${tag()}`, [
      await photo(200),
      await photo(120),
    ]);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(env.server.url('ut', '/home'));
    const list = page.getByRole('list', { name: 'Posts' });
    await list.locator('article', { hasText: first.text }).waitFor();

    // The photo first of all, then the app's code, which waits behind it at low priority.
    const firstPhoto = asked.indexOf(first.media[0]!.url);
    const firstScript = asked.findIndex((p) => p.startsWith('/assets/') && p.endsWith('.js'));
    expect(firstPhoto).toBeGreaterThanOrEqual(0);
    expect(firstPhoto).toBeLessThan(firstScript);
    // Named first in the page's head; every script of the page at low priority.
    const head = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel="preload"], script[type="module"]')].map((e) => [
        e.tagName,
        e.getAttribute('href') ?? 'script',
        e.getAttribute('fetchpriority'),
      ]),
    );
    expect(head[0]).toEqual(['LINK', first.media[0]!.url, 'high']);
    const scripts = head.filter(([tag]) => tag === 'SCRIPT');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script[2]).toBe('low');

    // In the app's own list: the first card's photos at once, the first before the rest; later ones lazily.
    const loading = (text: string) =>
      list
        .locator('article', { hasText: text })
        .locator('img[src*="/uploads/"]')
        .evaluateAll((imgs) =>
          imgs.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')]),
        );
    expect(await loading(first.text)).toEqual([
      ['eager', 'high'],
      ['eager', null],
    ]);
    expect(await loading(below.text)).toEqual([['lazy', null]]);
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
