import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { MEDIA_ALT_MESSAGES, POST_MESSAGES } from '@common/schemas/posts';
import { MOBILE, serverAndBrowser } from './harness';
import { pathOf, schoolVerifiedStudent, tag } from './students';

/**
 * Accessible media (ADR 060): a seller describes a photo in the composer and
 * posts it with a video; the browser takes the video's poster frame, and the
 * feed card shows the description as alt text and the poster on the player.
 */

const env = serverAndBrowser();

describe('a post with a described photo and a video', () => {
  it('reaches the feed with the alt text and the video poster', async () => {
    const { page, errors } = await schoolVerifiedStudent(
      env.server,
      env.browser,
      'Riley Park',
      MOBILE,
    );
    // A two-second MP4 this browser records from a canvas: no binary fixture in the repository.
    const clip = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const draw = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/mp4' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((done) => (recorder.onstop = done));
      recorder.start(100);
      const started = performance.now();
      await new Promise<void>((done) => {
        const frame = () => {
          const t = performance.now() - started;
          draw.fillStyle = '#2a6f97';
          draw.fillRect(0, 0, 320, 180);
          draw.fillStyle = '#f4a261';
          draw.fillRect((t / 10) % 280, 60, 40, 60);
          if (t < 2000) requestAnimationFrame(frame);
          else done();
        };
        frame();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    });
    const photo = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#8a5a44' },
    })
      .png()
      .toBuffer();
    const text = `Walnut desk and a skateboard ${tag()}`;
    const description = `Walnut desk with two drawers ${tag()}`;

    await page.goto(env.server.url('ut', '/create/post?goBack=%2Fhome'));
    await page.getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder }).fill(text);
    await page.setInputFiles('input[type=file]', [
      { name: 'desk.png', mimeType: 'image/png', buffer: photo },
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from(clip, 'base64') },
    ]);
    // One photo: one description field, suggesting the post's first line.
    const field = page.getByLabel('Describe photo 1 of 1');
    expect(await field.getAttribute('placeholder')).toBe(text);
    await field.fill(description);
    expect(await page.getByText(`${[...description].length} / 250`).count()).toBe(1);
    await page.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    expect(pathOf(page)).toBe('/home');

    const card = page.getByRole('article').filter({ hasText: text }).first();
    await card.getByRole('img', { name: description }).waitFor();
    const player = card.locator('video');
    await expect.poll(() => player.getAttribute('poster')).toMatch(/\/poster\.webp$/);
    const poster = await player.getAttribute('poster');
    const answer = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get('content-type') };
    }, poster!);
    expect(answer).toEqual({ status: 200, type: 'image/webp' });
    // The box is the poster's size before the video loads: 320 × 180.
    expect([await player.getAttribute('width'), await player.getAttribute('height')]).toEqual([
      '320',
      '180',
    ]);

    // After posting, the author describes the photo again from the post's menu; the feed
    // card's alt text follows.
    const better = `Walnut desk, drawers open, seen from the left ${tag()}`;
    await card.locator('a[href^="/post/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/post/'));
    await page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
    await page.getByRole('menuitem', { name: MEDIA_ALT_MESSAGES.describePhotos }).click();
    const dialog = page.getByRole('dialog', { name: MEDIA_ALT_MESSAGES.describePhotos });
    const again = dialog.getByRole('textbox', { name: 'Describe photo 1 of 1' });
    expect(await again.inputValue()).toBe(description);
    await again.fill(better);
    expect(await dialog.getByText(`${[...better].length} / 250`).count()).toBe(1);
    await dialog.getByRole('button', { name: MEDIA_ALT_MESSAGES.saveDescriptions }).click();
    await page.getByText(MEDIA_ALT_MESSAGES.descriptionsSaved).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: better }).first().waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home');
    const described = page.getByRole('article').filter({ hasText: text }).first();
    await described.getByRole('img', { name: better }).waitFor();
    expect(await described.getByRole('img', { name: description }).count()).toBe(0);
    // Read again from the server, the description stays.
    await page.reload();
    await page
      .getByRole('article')
      .filter({ hasText: text })
      .first()
      .getByRole('img', { name: better })
      .waitFor();
    expect(errors).toEqual([]);
  });
});
