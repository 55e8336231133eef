import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { PROFILE_MESSAGES as M } from '@common/schemas/profiles';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import {
  landOn,
  once,
  pathOf,
  postOf,
  schoolVerifiedStudent,
  signInElsewhere,
  tag,
  viewerOf,
} from './students';

/**
 * The header's Back button (ADR 012): it follows the pages kept in local
 * storage, skipping settings-type and ?show= pages, forgets them after a day,
 * and falls back to /home. One student, who posts through the API and reads
 * their own post.
 */

const env = serverAndBrowser();
const student = once(() => schoolVerifiedStudent(env.server, env.browser, 'Robin Castillo'));
const HISTORY_KEY = 'quad:back-history';
const HOUR = 60 * 60 * 1000;

const back = (page: Page) => page.getByRole('button', { name: 'Back' }).click();
const postHeading = (page: Page) =>
  page.getByRole('heading', { name: MESSAGES.posts.postTitle('Robin'), level: 1 });

describe('back navigation', () => {
  it('walks back through the pages seen, past a profile tab and a settings page, to /home', async () => {
    const { page, errors } = await student();
    const me = await viewerOf(page);
    const text = `Oak bookshelf, five shelves ${tag()}`;
    const post = await postOf(page, text);

    // The feed, then the post from its card, then its author's profile, then a ?show= tab.
    await page.goto(env.server.url('ut', '/home'));
    const card = page
      .getByRole('list', { name: 'Posts' })
      .getByRole('article')
      .filter({ hasText: text });
    await card.getByRole('link', { name: new RegExp(`^${MESSAGES.posts.comment}`) }).click();
    await expect.poll(() => pathOf(page)).toBe(`/post/${post.id}`);
    await postHeading(page).waitFor();
    await page.getByRole('article').getByRole('link', { name: 'Robin C.', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(`/${me.username}`);
    const tabs = page.getByRole('navigation', { name: M.tabsLabel });
    await tabs.getByRole('link', { name: M.tabs.photos }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?show=photos');

    // Back skips the tab and the profile it belongs to: the post, one step back in the
    // browser's history (the tab replaced the profile's entry), so Forward still returns.
    await back(page);
    await expect.poll(() => pathOf(page)).toBe(`/post/${post.id}`);
    await postHeading(page).waitFor();
    await page.goForward();
    await expect.poll(() => new URL(page.url()).search).toBe('?show=photos');
    await page.goBack();
    await postHeading(page).waitFor();

    // A settings page between the post and the profile is skipped too.
    await page
      .getByRole('navigation', { name: 'Policies' })
      .getByRole('link', { name: 'About', exact: true })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/settings/about');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: `@${me.username}` })
      .click();
    await expect.poll(() => pathOf(page)).toBe(`/${me.username}`);
    await page.getByRole('region', { name: 'Robin C.' }).waitFor();
    await back(page);
    await expect.poll(() => pathOf(page)).toBe(`/post/${post.id}`);
    await postHeading(page).waitFor();

    // And from the post, back to the feed it was opened from.
    await back(page);
    await expect.poll(() => pathOf(page)).toBe('/home');
    await page.getByRole('list', { name: 'Posts' }).getByText(text).waitFor();
    expect(errors).toEqual([]);
  });

  it('a post opened on a phone with no history goes back to /home; a day-old history is forgotten', async () => {
    const { email } = await student();
    const text = `Desk lamp, warm light ${tag()}`;
    const post = await postOf((await student()).page, text);
    const phone = await signInElsewhere(env, email, MOBILE);
    const { page } = phone;
    const openPostThenBack = async () => {
      await page.goto(env.server.url('ut', `/post/${post.id}`));
      await postHeading(page).waitFor();
      await back(page);
    };

    // Opened straight from a shared link: nothing to go back to but /home.
    await openPostThenBack();
    await expect.poll(() => pathOf(page)).toBe('/home');
    await page.getByRole('list', { name: 'Posts' }).getByText(text).waitFor();

    // A history written 23 hours ago is still followed…
    // Stored from a page of the site that runs no app (the JSON of /api/me): the shell
    // of the page before has gone, and none is there to record a visit over it.
    const storeHistory = async (age: number) => {
      await landOn(page, env.server, 'ut');
      const value = JSON.stringify({ updatedAt: Date.now() - age, entries: ['/media'] });
      await page.evaluate(({ key, v }) => localStorage.setItem(key, v), {
        key: HISTORY_KEY,
        v: value,
      });
    };
    await storeHistory(23 * HOUR);
    await openPostThenBack();
    await expect.poll(() => pathOf(page)).toBe('/media');

    // …one written more than 24 hours ago is not.
    await storeHistory(24 * HOUR + 60_000);
    await openPostThenBack();
    await expect.poll(() => pathOf(page)).toBe('/home');

    await page.goto(env.server.url('ut', `/post/${post.id}`));
    await postHeading(page).waitFor();
    await maybeScreenshot(page, 'post-back-390');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
