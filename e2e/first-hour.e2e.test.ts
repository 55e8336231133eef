import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { type PostDto, POST_MESSAGES } from '@common/schemas/posts';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import {
  codeFor,
  landOn,
  PASSWORD,
  pathOf,
  postJson,
  schoolVerifiedStudent,
  sendJson,
  sidebar,
  tag,
  viewerOf,
} from './students';

/**
 * A student's first hour (ADR 050): from the generic site's school finder to
 * their school's site still signed in; the composer giving focus back; the
 * phone's composer page on its own; sold listings that also match a search.
 */

const env = serverAndBrowser();

/** The element that has focus, as "tag:accessible text". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim()}` : 'none';
  });

/** How many of the top bar and the phone's tab bar are on screen. */
const visibleBars = (page: Page) => page.locator('.topbar:visible, .mobilebar:visible').count();

describe("a student's first hour", () => {
  it('registers on the generic site with a school address, picks the school in the finder and arrives signed in', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await landOn(page, env.server, 'campus');
    const email = `gale-${tag()}@ufl.edu`;
    const body = { name: 'Gale Rivers', email, password: PASSWORD, terms: true };
    expect(await postJson(page, '/api/auth/register', body)).toBe(201);
    expect(await postJson(page, '/api/verification/code', {})).toBe(200);
    const code = await codeFor(env.server, email);
    // One code: the school address is the school e-mail too (ADR 050).
    expect(await postJson(page, '/api/verification/verify', { code })).toBe(200);
    const { username } = await viewerOf(page);

    await page.goto(env.server.url('campus', '/search_schools?q=florida'));
    const uf = page.getByRole('option', { name: /University of Florida/ });
    expect(await uf.getAttribute('href')).toBe('/api/auth/handoff/start?campus=uf');
    await uf.click();
    const H = AUTH_MESSAGES.handoff;
    await page.getByRole('heading', { name: H.title('Gale R.', username) }).waitFor();
    expect(new URL(page.url()).host).toBe(new URL(env.server.url('uf', '/')).host);
    await page.getByRole('button', { name: H.continue }).click();
    // Signed in on UF's site, a member: its feed with the composer, no second code asked.
    await page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder }).waitFor();
    expect(pathOf(page)).toBe('/home');
    expect(await viewerOf(page)).toMatchObject({ username, schoolVerified: true, campusId: 'uf' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gets focus back on Create Post after closing the composer with Escape', async () => {
    const student = await schoolVerifiedStudent(env.server, env.browser, 'Noor Haddad');
    const { page, errors } = student;
    await page.goto(env.server.url('ut', '/home'));
    const create = sidebar(page).getByRole('button', { name: MESSAGES.signIn.createPost });
    await create.click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.posts.createPost });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`button:${MESSAGES.signIn.createPost}`);
    // The feed's own opener, whose dialog stays mounted, gets it back too.
    const opener = page.getByRole('button', { name: POST_MESSAGES.composerPlaceholder });
    await opener.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`button:${POST_MESSAGES.composerPlaceholder}`);
    expect(errors).toEqual([]);
    await student.context.close();
  });

  it("has the phone's composer page to itself: no search bar, no tab bar", async () => {
    const student = await schoolVerifiedStudent(env.server, env.browser, 'Ari Lund', MOBILE);
    const { page, errors } = student;
    await page.goto(env.server.url('ut', '/create/post?goBack=%2Fhome'));
    await page.getByRole('heading', { name: MESSAGES.posts.createPost }).waitFor();
    expect(await visibleBars(page)).toBe(0);
    await maybeScreenshot(page, 'first-hour-create-post-390');
    expect(await violations(page, 'main')).toEqual([]);
    await page.goto(env.server.url('ut', '/create/categories?goBack=%2Fhome'));
    await page.getByRole('button', { name: 'Furniture' }).click();
    await expect.poll(() => pathOf(page)).toBe('/create/post');
    await page.getByRole('button', { name: 'Furniture' }).waitFor();
    expect(await visibleBars(page)).toBe(0);
    // Elsewhere the top bar and the tab bar are back.
    await page.goto(env.server.url('ut', '/home'));
    await page.locator('.mobilebar:visible').waitFor();
    expect(await visibleBars(page)).toBe(2);
    expect(errors).toEqual([]);
    await student.context.close();
  });

  it('hears that sold listings also match a search, and shows them on "Show them"', async () => {
    const student = await schoolVerifiedStudent(env.server, env.browser, 'Kai Moreno');
    const { page, errors } = student;
    await page.goto(env.server.url('ut', '/settings/about'));
    const word = `tandem${tag().replace(/[^a-z]/g, '')}`;
    const made = await sendJson<PostDto>(page, '/api/posts', { text: `Bike ${word}`, price: 90 });
    expect(made.status).toBe(201);
    const sold = await page.evaluate(
      async (id) =>
        (
          await fetch(`/api/posts/${id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
            body: JSON.stringify({ status: 'sold' }),
          })
        ).status,
      made.json.id,
    );
    expect(sold).toBe(200);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(env.server.url('ut', `/search?q=${word}&show=latest`));
      await page.getByText(L.soldAlsoMatch(1)).waitFor();
      await maybeScreenshot(page, `first-hour-sold-hint-${viewport.width}`);
    }
    expect(await violations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: L.showSold }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('includeSold')).toBe('true');
    await page.getByRole('article').filter({ hasText: word }).waitFor();
    expect(await page.getByText(L.soldAlsoMatch(1)).count()).toBe(0);
    expect(errors).toEqual([]);
    await student.context.close();
  });
});
