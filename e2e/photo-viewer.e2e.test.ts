import type { CDPSession, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_VIEWER_MESSAGES as M, MESSAGES } from '@common/messages';
import { POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { pathOf, schoolVerifiedStudent, sendJson, tag, uploadPhoto } from './students';

/**
 * The photo viewer (ADR 046): a photo tapped on a feed card, the post page
 * or the media post opens full screen at that photo, with the listing's price
 * and Save; swipe and the arrow keys move between photos, a double tap or a
 * pinch zooms, Escape and Close close it and focus goes back to the photo.
 */

const env = serverAndBrowser();

/** A real PNG of a solid colour, `width` × `height`. */
function photo(width: number, height: number, r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** A $40 listing with three photos (wide, tall, square) by a new student, signed in on `viewport`. */
async function listing(viewport: typeof DESKTOP) {
  const seller = await schoolVerifiedStudent(env.server, env.browser, 'Casey Morgan', viewport);
  const text = `Oak desk with drawers ${tag()}`;
  const mediaIds = [];
  for (const [i, buffer] of [
    await photo(1200, 800, 200, 60, 60),
    await photo(600, 900, 60, 160, 60),
    await photo(700, 700, 60, 60, 200),
  ].entries())
    mediaIds.push(await uploadPhoto(seller.page, buffer, `desk-${i}.png`));
  const created = await sendJson<PostDto>(seller.page, '/api/posts', {
    text,
    mediaIds,
    price: 40,
    category: 'furniture',
  });
  expect(created.status).toBe(201);
  return { ...seller, post: created.json, text };
}

const viewerOf = (page: Page) => page.getByRole('dialog', { name: M.title('Casey M.') });
const counter = (viewer: Locator) => viewer.getByText(/^\d of 3$/).textContent();
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The viewer covers the window, its photo whole (contained, not cropped) inside it. */
async function expectFullScreen(page: Page, viewer: Locator) {
  const size = page.viewportSize()!;
  expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, ...size });
  const shown = viewer.getByRole('img', { name: /^Photo \d of 3 by Casey M\.: Oak desk/ });
  expect(await shown.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
  const box = (await shown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
}

/** A finger's swipe from `from` to `to`, as the phone's touch screen reports it. */
async function swipe(cdp: CDPSession, from: [number, number], to: [number, number]) {
  const at = (t: number) => ({
    x: from[0] + (to[0] - from[0]) * t,
    y: from[1] + (to[1] - from[1]) * t,
    id: 1,
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let step = 1; step <= 8; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(step / 8)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers moving apart around (x, y). */
async function pinchOut(cdp: CDPSession, x: number, y: number) {
  const fingers = (gap: number) => [
    { x: x - gap, y, id: 1 },
    { x: x + gap, y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let gap = 30; gap <= 100; gap += 10)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe('the photo viewer', () => {
  it('opens from a feed card at the photo clicked; arrows, a drag and a double click; Escape gives focus back', async () => {
    const { page, context, errors, text } = await listing(DESKTOP);
    await page.goto(env.server.url('ut', '/home'));
    const card = page
      .getByRole('list', { name: 'Posts' })
      .getByRole('article')
      .filter({ hasText: text });
    const second = card.getByRole('button', { name: 'Photo 2 of 3' });
    await second.click();
    const viewer = viewerOf(page);
    await viewer.waitFor();
    expect(await counter(viewer)).toBe(M.counter(2, 3));
    await viewer.getByText('$40').waitFor();
    await expectFullScreen(page, viewer);
    expect(await violations(page)).toEqual([]);
    await maybeScreenshot(page, 'photo-viewer-desktop');

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter(viewer)).toBe(M.counter(3, 3));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter(viewer)).toBe(M.counter(1, 3));
    // A mouse drag to the left turns to the next photo, as a swipe does.
    const stage = (await viewer.getByTestId('photo-stage').boundingBox())!;
    const middle = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
    await page.mouse.move(middle.x + 200, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x - 200, middle.y, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => counter(viewer)).toBe(M.counter(2, 3));
    // A double click zooms in, another zooms out.
    await page.mouse.dblclick(middle.x, middle.y);
    await viewer.getByRole('button', { name: M.zoomOut }).waitFor();
    await page.mouse.dblclick(middle.x, middle.y);
    await viewer.getByRole('button', { name: M.zoomIn }).waitFor();

    // Save inside the viewer saves the post: the card says so too.
    await viewer.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.save}`) }).click();
    await viewer.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.saved}`) }).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(second)).toBe(true);
    await card.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.saved}`) }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, opens from the post page; swipe, pinch and double tap; Close gives focus back', async () => {
    const { page, context, errors, post } = await listing(MOBILE);
    await page.goto(env.server.url('ut', `/post/${post.id}`));
    const first = page.getByRole('button', { name: 'Photo 1 of 3' });
    await first.tap();
    const viewer = viewerOf(page);
    await viewer.waitFor();
    expect(await counter(viewer)).toBe(M.counter(1, 3));
    await viewer.getByText('$40').waitFor();
    await expectFullScreen(page, viewer);
    expect(await violations(page)).toEqual([]);
    await maybeScreenshot(page, 'photo-viewer-mobile');

    const cdp = await context.newCDPSession(page);
    const stage = (await viewer.getByTestId('photo-stage').boundingBox())!;
    // Above the middle, where the Previous and Next buttons are not.
    const y = stage.y + stage.height / 3;
    await swipe(cdp, [stage.width - 40, y], [60, y]);
    await expect.poll(() => counter(viewer)).toBe(M.counter(2, 3));
    await swipe(cdp, [60, y], [stage.width - 40, y]);
    await expect.poll(() => counter(viewer)).toBe(M.counter(1, 3));
    // Two fingers apart zoom in; a double tap zooms back out.
    await pinchOut(cdp, stage.width / 2, y);
    await viewer.getByRole('button', { name: M.zoomOut }).waitFor();
    await page.touchscreen.tap(stage.width / 2, y);
    await page.touchscreen.tap(stage.width / 2, y);
    await viewer.getByRole('button', { name: M.zoomIn }).waitFor();
    expect(await counter(viewer)).toBe(M.counter(1, 3));

    await viewer.getByRole('button', { name: M.close }).tap();
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(first)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the media post with its price and Save, and opens its photos', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, context, errors, post, text } = await listing(viewport);
      await page.goto(env.server.url('ut', `/media/${post.id}`));
      const opened = page.getByRole('article').first();
      await opened.getByText(text).waitFor();
      await opened.getByText('$40').waitFor();
      await maybeScreenshot(page, `photo-viewer-media-post-${viewport.width}`);
      const save = opened.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.save}`) });
      await save.click();
      await opened.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.saved}`) }).waitFor();
      await page.getByText(POST_MESSAGES.postSaved).waitFor();

      const photo = opened.getByRole('button', { name: 'Photo 3 of 3 by Casey M.' });
      await photo.click();
      const viewer = viewerOf(page);
      await viewer.waitFor();
      expect(await counter(viewer)).toBe(M.counter(3, 3));
      await viewer.getByRole('button', { name: new RegExp(`^${POST_MESSAGES.saved}`) }).waitFor();
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(photo)).toBe(true);
      // Comment still leads to the post.
      await opened.getByRole('link', { name: new RegExp(`^${MESSAGES.posts.comment}`) }).click();
      await expect.poll(() => pathOf(page)).toBe(`/post/${post.id}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
