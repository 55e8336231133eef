import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, UPLOAD_MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import { videoBytes } from '../server/test/media-fixtures';
import { DESKTOP, maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { schoolVerifiedStudent, uploadPhoto } from './students';

/** A student's daily upload limit as the composer shows it (ADR 039): 1 MB a day on this server. */

const env = serverAndBrowser({ ownServer: { UPLOAD_MB_PER_DAY: '1' } });
const KB = 1024;
let videoDir: string;

beforeAll(() => {
  videoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-upload-limit-'));
});
afterAll(() => {
  if (videoDir) fs.rmSync(videoDir, { recursive: true, force: true });
});

/** A real MP4 of `size` bytes on disk, for the composer's file input. */
function videoFile(name: string, size: number): string {
  const file = path.join(videoDir, name);
  fs.writeFileSync(file, videoBytes('isom', size));
  return file;
}

/** Opens the composer's fields on the page it is on, attaches the file and posts. */
async function postWith(page: Page, scope: ReturnType<Page['getByRole']> | Page, file: string) {
  await scope
    .getByRole('textbox', { name: POST_MESSAGES.composerPlaceholder })
    .fill('Moving-out sale, see the video');
  await scope
    .getByLabel(MESSAGES.posts.addMedia)
    .and(page.locator('input[type=file]'))
    .setInputFiles([file]);
  await scope.getByRole('button', { name: MESSAGES.posts.post, exact: true }).click();
}

describe('the daily upload limit in the composer', () => {
  it('says how much is left when a video is larger than that', async () => {
    const { page } = await schoolVerifiedStudent(env.server, env.browser, 'Casey Morgan', DESKTOP);
    await uploadPhoto(page, videoBytes('isom', 600 * KB), 'earlier.mp4');

    await page.goto(env.server.url('ut', '/home'));
    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    await postWith(page, dialog, videoFile('tour.mp4', 700 * KB));

    const words = UPLOAD_MESSAGES.fileOverDailyLimit('424 KB', '1 MB');
    await dialog.getByRole('alert').getByText(words, { exact: true }).waitFor();
    await page.locator('.alerts').getByText(words, { exact: true }).waitFor();
    await maybeScreenshot(page, 'upload-limit-file-desktop');
  });

  it('says when there is more once the limit is reached', async () => {
    const { page } = await schoolVerifiedStudent(env.server, env.browser, 'Jordan Lee', MOBILE);
    for (const name of ['one.mp4', 'two.mp4'])
      await uploadPhoto(page, videoBytes('isom', 512 * KB), name);

    await page.goto(env.server.url('ut', '/create/post'));
    await postWith(page, page, videoFile('small.mp4', 20 * KB));

    const words = UPLOAD_MESSAGES.dailyLimitReached('1 MB', 24);
    await page.getByRole('alert').getByText(words, { exact: true }).first().waitFor();
    await maybeScreenshot(page, 'upload-limit-day-mobile');
    expect(new URL(page.url()).pathname).toBe('/create/post');
  });
});
