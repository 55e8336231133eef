import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS_TEXT as T } from '@common/schemas/notification-settings';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, NARROW, serverAndBrowser } from './harness';
import { pathOf, schoolVerifiedStudent, sendJson } from './students';

/**
 * Notification settings by kind and channel (docs/product/notification-settings.md):
 * a kind turned off in the app stops exactly that kind.
 */

const env = serverAndBrowser();

const switchOf = (page: Page, name: string) => page.getByRole('switch', { name });
const put = (page: Page, url: string) =>
  page.evaluate(
    async (url) => (await fetch(url, { method: 'PUT', headers: { 'x-quad-csrf': '1' } })).status,
    url,
  );

describe('notification settings', () => {
  it('at phone width: comments off in the app stop comment notifications, saves still arrive', async () => {
    const sam = await schoolVerifiedStudent(env.server, env.browser, 'Sam Ortiz', MOBILE);
    const ava = await schoolVerifiedStudent(env.server, env.browser, 'Ava Lopez', DESKTOP);
    const { page } = sam;

    await page.goto(env.server.url('ut', '/settings'));
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${T.title}`) })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/settings/notifications');
    const comments = switchOf(page, `${T.kinds.comments}: ${T.channels.inApp}`);
    expect(await comments.isChecked()).toBe(true);
    expect(await switchOf(page, `${T.kinds.news}: ${T.channels.email}`).isChecked()).toBe(false);

    // The smallest phone: each kind's switches stack under it; nothing widens the page.
    await page.setViewportSize(NARROW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await page.setViewportSize(MOBILE);

    // By keyboard: focus the switch and press Space.
    await comments.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: T.saved }).waitFor();
    expect(await comments.isChecked()).toBe(false);
    await maybeScreenshot(page, 'notification-settings-390');
    expect(await violations(page, 'main')).toEqual([]);

    const listing = 'Desk lamp, $12';
    const post = await sendJson<{ id: string }>(page, '/api/posts', { text: listing });
    expect(post.status).toBe(201);
    const comment = await sendJson(ava.page, '/api/posts', {
      text: 'Does it still work?',
      parentId: post.json.id,
    });
    expect(comment.status).toBe(201);
    expect(await put(ava.page, `/api/posts/${post.json.id}/like`)).toBe(200);

    await page.goto(env.server.url('ut', '/notifications'));
    await page.getByText(NOTIFICATION_TEXT.like('Ava', listing)).waitFor();
    expect(
      await page.getByText(NOTIFICATION_TEXT.comment('Ava', 'Does it still work?')).count(),
    ).toBe(0);

    // Kept: the page reads the setting back.
    await page.goto(env.server.url('ut', '/settings/notifications'));
    expect(await switchOf(page, `${T.kinds.comments}: ${T.channels.inApp}`).isChecked()).toBe(
      false,
    );
    expect([...sam.errors, ...ava.errors]).toEqual([]);
    await Promise.all([sam.context.close(), ava.context.close()]);
  });
});
