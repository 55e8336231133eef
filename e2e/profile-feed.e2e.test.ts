import { describe, expect, it } from 'vitest';
import { PROFILE_LOAD_MORE_COOLDOWN_MS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import { PROFILE_MESSAGES as M } from '@common/schemas/profiles';
import { serverAndBrowser } from './harness';
import { postOf, schoolVerifiedStudent, tag, viewerOf } from './students';

/**
 * A profile's feed pages (docs/product/profiles-and-payments.md, Profiles): 10
 * posts a page, a spinner at the bottom while the next comes, no next page
 * within 1 s of the last one asked for, and the end marked after a short page.
 */

const env = serverAndBrowser();
const POSTS = 25; // pages of 10, 10 and 5
const SLOW_MS = 400;

describe('profile feed', () => {
  it('loads the next page at most once a second while the student keeps scrolling, then marks the end', async () => {
    const a = await schoolVerifiedStudent(env.server, env.browser, 'Quinn Halloway');
    const me = await viewerOf(a.page);
    const run = tag();
    for (let i = 1; i <= POSTS; i++) await postOf(a.page, `Listing ${i} of ${run}`);

    // Every page answers a little late, so the bottom spinner can be seen.
    const pagePath = `/api/users/${me.username}/posts`;
    await a.page.route(`**${pagePath}?*`, async (route) => {
      await new Promise((r) => setTimeout(r, SLOW_MS));
      await route.continue();
    });
    await a.page.goto(env.server.url('ut', `/${me.username}`));
    const list = a.page.getByRole('list', { name: M.tabs.posts, exact: true });
    await list.getByText(`Listing ${POSTS} of ${run}`).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(10);

    // The student keeps the end of the list in view the whole time.
    const scrolling = setInterval(() => {
      void a.page
        .evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        .catch(() => {});
    }, 50);
    try {
      await a.page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor();
      await a.page.getByText(MESSAGES.feedEnd).waitFor({ timeout: 15_000 });
    } finally {
      clearInterval(scrolling);
    }
    await list.getByText(`Listing 1 of ${run}`).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(POSTS);

    // When each page was asked for, by the page's own clock.
    const asked = await a.page.evaluate(
      (p) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname === p)
          .map((e) => e.startTime),
      pagePath,
    );
    // The first page, then two more; none after the short one.
    expect(asked).toHaveLength(3);
    // The third page comes right after the second landed (the end is in view),
    // but not within a second of the second being asked for.
    const gap = asked[2]! - asked[1]!;
    expect(gap).toBeGreaterThanOrEqual(PROFILE_LOAD_MORE_COOLDOWN_MS - 15);
    expect(gap).toBeLessThan(PROFILE_LOAD_MORE_COOLDOWN_MS + 2000);
    expect(a.errors).toEqual([]);
  });
});
