import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SeededCampusId } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import { MEDIA_MESSAGES, MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/schemas/posts';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import { landOn, PASSWORD, postJson, postWithPhotos, schoolVerifiedStudent, tag } from './students';

/** The media gallery, /media and /media/{id} (docs/product/posts-and-listings.md, Feed). */

// A server of its own: the gallery shows every photo post of the campus, and it counts them.
const env = serverAndBrowser({ ownServer: {} });

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A school-verified student of `campus`, signed in inside a fresh browser context. */
const member = (campus: SeededCampusId, name: string, viewport = DESKTOP) =>
  schoolVerifiedStudent(env.server, env.browser, name, viewport, campus);

type Member = Awaited<ReturnType<typeof member>>;

/** The same student signed in on another device (a fresh context, e.g. a phone). */
async function signIn(
  campus: SeededCampusId,
  email: string,
  viewport: typeof DESKTOP,
): Promise<Member> {
  const opened = await openPage(env.browser, viewport);
  await landOn(opened.page, env.server, campus);
  expect(await postJson(opened.page, '/api/auth/login', { email, password: PASSWORD })).toBe(200);
  return { ...opened, email };
}

/** A real PNG of a solid colour, made on the spot. */
function photo(width: number, height: number, hue: number): Promise<Buffer> {
  const r = Math.round(127 + 120 * Math.cos((hue * Math.PI) / 180));
  const g = Math.round(127 + 120 * Math.cos(((hue - 120) * Math.PI) / 180));
  const b = Math.round(127 + 120 * Math.cos(((hue + 120) * Math.PI) / 180));
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

const grid = (page: Page) => page.getByRole('list', { name: MEDIA_MESSAGES.gridLabel });
const tiles = (page: Page) => grid(page).getByRole('link');

/** Sums layout-shift entries from the start of the page (CLS without the session windows). */
async function trackLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shift: number }).__shift);

describe('media gallery', () => {
  it('shows a student’s photo posts as a 3-column grid, newest first, 15 at a time, and opens the media post', async () => {
    const seller = await member('ut', 'Casey Morgan');
    const { page } = seller;
    const run = tag();
    // 18 posts with photos (the newest has three), one without any: only the 18 show.
    const total = PAGE_SIZES.media + 3;
    const texts = Array.from({ length: total }, (_, i) => `Item ${i + 1} for sale ${run}`);
    const created: PostDto[] = [];
    for (const [i, text] of texts.entries()) {
      const photos =
        i === total - 1
          ? [await photo(1200, 900, 10), await photo(600, 900, 130), await photo(800, 800, 250)]
          : [await photo(i % 2 ? 600 : 900, i % 2 ? 900 : 600, i * 20)];
      created.push(await postWithPhotos(page, text, photos));
    }
    expect(await postJson(page, '/api/posts', { text: `Only words ${run}` })).toBe(201);
    const newestFirst = [...created].reverse();

    await trackLayoutShift(seller.context);
    await page.goto(env.server.url('ut', '/media'));
    // The tabs: Media is the current page.
    const tabs = page.getByRole('navigation', { name: MEDIA_MESSAGES.tabsLabel });
    await expect
      .poll(() =>
        tabs.getByRole('link', { name: MEDIA_MESSAGES.mediaTab }).getAttribute('aria-current'),
      )
      .toBe('page');
    // The first page: 15 tiles, newest first, each the 200 px tall WebP thumbnail.
    await expect.poll(() => tiles(page).count()).toBe(PAGE_SIZES.media);
    const names = await tiles(page).evaluateAll((links) =>
      links.map((a) => a.querySelector('img')?.getAttribute('alt') ?? ''),
    );
    expect(names).toEqual(
      newestFirst
        .slice(0, PAGE_SIZES.media)
        .map(
          (p) =>
            `Photo by Casey M.: ${p.text}${p.media.length > 1 ? ` (1 of ${p.media.length})` : ''}`,
        ),
    );
    expect(names.join()).not.toContain('Only words');
    const firstImg = tiles(page).first().locator('img');
    expect(await firstImg.getAttribute('src')).toBe(newestFirst[0]!.media[0]!.thumbUrl);
    await expect
      .poll(() => firstImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight))
      .toBe(200);
    expect(
      await page.evaluate(
        async (url) => (await fetch(url)).headers.get('content-type'),
        newestFirst[0]!.media[0]!.thumbUrl,
      ),
    ).toBe('image/webp');
    // Three columns of square cells.
    const boxes = await tiles(page).evaluateAll((links) =>
      links.slice(0, 4).map((a) => {
        const r = a.getBoundingClientRect();
        return {
          x: Math.round(r.x),
          y: Math.round(r.y),
          w: Math.round(r.width),
          h: Math.round(r.height),
        };
      }),
    );
    expect(new Set(boxes.slice(0, 3).map((b) => b.y)).size).toBe(1);
    expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(boxes[3]!.x).toBe(boxes[0]!.x);
    expect(Math.abs(boxes[0]!.w - boxes[0]!.h)).toBeLessThanOrEqual(1);
    await maybeScreenshot(page, 'media-grid-desktop');

    // Scrolling to the end appends the last 3 and ends the list.
    await tiles(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => tiles(page).count()).toBe(total);
    await page.getByText(MESSAGES.feedEnd).waitFor();
    const allNames = await tiles(page).evaluateAll((links) =>
      links.map((a) => a.querySelector('img')?.getAttribute('alt') ?? ''),
    );
    expect(allNames.slice(PAGE_SIZES.media)).toEqual(
      newestFirst.slice(PAGE_SIZES.media).map((p) => `Photo by Casey M.: ${p.text}`),
    );
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect
      .poll(() =>
        grid(page)
          .locator('img')
          .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)),
      )
      .toBe(true);
    await maybeScreenshot(page, 'media-grid-end-desktop');

    // Keyboard: from the Media tab, Tab reaches the first thumbnail and Enter opens it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tabs.getByRole('link', { name: MEDIA_MESSAGES.mediaTab }).focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('href')))
      .toBe(`/media/${newestFirst[0]!.id}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe(`/media/${newestFirst[0]!.id}`);

    // The media post: every photo at full size with its measured width and height, then the rest.
    await page
      .getByRole('heading', { level: 1, name: MESSAGES.posts.postTitle('Casey') })
      .waitFor();
    const opened = page.getByRole('article').first();
    await opened.getByText(newestFirst[0]!.text).waitFor();
    const photos = opened.getByRole('img', { name: /^Photo \d of 3 by Casey M\.$/ });
    await expect.poll(() => photos.count()).toBe(3);
    for (const [i, media] of newestFirst[0]!.media.entries()) {
      const img = photos.nth(i);
      expect(await img.getAttribute('src')).toBe(media.url);
      expect(await img.getAttribute('width')).toBe(String(media.width));
      expect(await img.getAttribute('height')).toBe(String(media.height));
    }
    const more = page.getByRole('region', { name: MEDIA_MESSAGES.morePhotos });
    await more.getByText(newestFirst[1]!.text).waitFor();
    expect(await more.getByText(newestFirst[0]!.text).count()).toBe(0);
    await maybeScreenshot(page, 'media-detail-desktop');

    // Comment leads to the post page; Back returns to the media post, then to the grid.
    await opened.getByRole('link', { name: new RegExp(`^${MESSAGES.posts.comment}`) }).click();
    await expect.poll(() => pathOf(page)).toBe(`/post/${newestFirst[0]!.id}`);
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe(`/media/${newestFirst[0]!.id}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => pathOf(page)).toBe('/media');
    await expect.poll(() => tiles(page).count()).toBeGreaterThanOrEqual(PAGE_SIZES.media);

    // A click on an older thumbnail opens that post.
    const third = newestFirst[2]!;
    await grid(page)
      .getByRole('link', { name: `Photo by Casey M.: ${third.text}` })
      .click();
    await expect.poll(() => pathOf(page)).toBe(`/media/${third.id}`);
    await page.getByRole('article').first().getByText(third.text).waitFor();

    // The Feed tab goes to /home, and back returns to the gallery.
    await page.goto(env.server.url('ut', '/media'));
    await tabs.getByRole('link', { name: MEDIA_MESSAGES.feedTab }).click();
    await expect.poll(() => pathOf(page)).toBe('/home');
    await page
      .getByRole('list', { name: 'Posts' })
      .getByText(texts[total - 1]!)
      .waitFor();
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/media');
    await expect.poll(() => tiles(page).count()).toBeGreaterThanOrEqual(PAGE_SIZES.media);
    // The feed carries the same tabs: Media leads back to the gallery.
    await page.goto(env.server.url('ut', '/home'));
    await tabs.getByRole('link', { name: MEDIA_MESSAGES.mediaTab }).click();
    await expect.poll(() => pathOf(page)).toBe('/media');

    // On a phone: still three columns, and the media post fits the screen.
    const phone = await signIn('ut', seller.email, MOBILE);
    await phone.page.goto(env.server.url('ut', '/media'));
    // Five short rows do not fill a phone screen: the next page comes at once.
    await expect.poll(() => tiles(phone.page).count()).toBe(total);
    const rows = await tiles(phone.page).evaluateAll((links) =>
      links.slice(0, 3).map((a) => Math.round(a.getBoundingClientRect().y)),
    );
    expect(new Set(rows).size).toBe(1);
    await maybeScreenshot(phone.page, 'media-grid-mobile');
    await tiles(phone.page).first().click();
    await expect.poll(() => pathOf(phone.page)).toBe(`/media/${newestFirst[0]!.id}`);
    await phone.page.getByRole('article').first().getByRole('img').first().waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await maybeScreenshot(phone.page, 'media-detail-mobile');

    expect(seller.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await seller.context.close();
    await phone.context.close();
  });

  it('shows "No Photos / Videos" on a campus without photo posts', async () => {
    const student = await member('uf', 'Jordan Lee');
    const { page } = student;
    expect(await postJson(page, '/api/posts', { text: `Words only ${tag()}` })).toBe(201);
    await page.goto(env.server.url('uf', '/media'));
    await page.getByRole('heading', { name: POST_MESSAGES.noPhotosVideos }).waitFor();
    expect(await grid(page).count()).toBe(0);
    await maybeScreenshot(page, 'media-empty-desktop');

    const phone = await signIn('uf', student.email, MOBILE);
    await phone.page.goto(env.server.url('uf', '/media'));
    await phone.page.getByRole('heading', { name: POST_MESSAGES.noPhotosVideos }).waitFor();
    await maybeScreenshot(phone.page, 'media-empty-mobile');

    // A media post that does not exist.
    await page.goto(env.server.url('uf', '/media/no-such-post'));
    await page.getByText(POST_MESSAGES.missingPage).waitFor();
    await page.locator('main').getByRole('link', { name: MESSAGES.posts.search }).waitFor();

    expect(student.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await student.context.close();
    await phone.context.close();
  });

  it('shows signed-out visitors the private-community screen; Click to Join leads to sign-up', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page, errors } = await openPage(env.browser, viewport);
      const suffix = viewport === DESKTOP ? 'desktop' : 'mobile';
      await page.goto(env.server.url('ut', '/media'));
      await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
      expect(await grid(page).count()).toBe(0);
      await maybeScreenshot(page, `media-private-${suffix}`);
      await page.locator('main').getByRole('button', { name: MESSAGES.clickToJoin }).click();
      const prompt = page.getByRole('dialog', { name: MESSAGES.authPrompt.join });
      await prompt.waitFor();
      await expect
        .poll(() =>
          page.evaluate(() => document.getAnimations().every((a) => a.playState !== 'running')),
        )
        .toBe(true);
      await maybeScreenshot(page, `media-join-prompt-${suffix}`);
      await prompt.getByRole('link', { name: MESSAGES.logInSignUp }).click();
      await expect.poll(() => pathOf(page)).toBe('/user_registration');

      // A media post's link shows the same screen.
      await page.goto(env.server.url('ut', '/media/some-post'));
      await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
      await page.locator('main').getByRole('button', { name: MESSAGES.clickToJoin }).waitFor();

      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
