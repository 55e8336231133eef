import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { MESSAGES, PHOTO_VIEWER_MESSAGES as VIEWER } from '@common/messages';
import { MEDIA_ALT_MESSAGES, POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { violations } from './axe';
import {
  DESKTOP,
  maybeScreenshot,
  MOBILE,
  NARROW,
  nextFrames,
  openPage,
  serverAndBrowser,
} from './harness';
import {
  once,
  PASSWORD,
  postJson,
  postWithPhotos,
  schoolVerifiedStudent,
  sendJson,
  signedInOperator,
  signInElsewhere,
  tag,
  viewerOf,
} from './students';

/**
 * Every page of the app (web/src/app/routes.tsx and each feature's routes.tsx)
 * as the visitor it is for, at a phone's 390 px and a desktop's 1280 px, once
 * its data has loaded: axe-core finds nothing against WCAG 2.2 AA and its best
 * practices (docs/accessibility.md), and nothing scrolls sideways.
 */

const ADMIN = `operator-${tag()}@example.com`;
// A server of its own: the admin's address is configured at start, and it moderates UT.
const env = serverAndBrowser({ ownServer: { ADMIN_EMAILS: ADMIN, MODERATORS: `ut:${ADMIN}` } });

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png()
    .toBuffer();

/** What the pages show: a listing with a photo, a post with a thread and a like, a chat, a mention. */
const seeded = once(async () => {
  const [author, reader] = await Promise.all([
    schoolVerifiedStudent(env.server, env.browser, 'Avery Quinn'),
    schoolVerifiedStudent(env.server, env.browser, 'Reese Park'),
  ]);
  const readerName = (await viewerOf(reader.page)).username;
  const authorName = (await viewerOf(author.page)).username;
  const listing = await postWithPhotos(author.page, `Desk lamp, like new ${tag()}`, [
    await photo(),
    await photo(),
  ]);
  const priced = await sendJson<PostDto>(author.page, '/api/posts', {
    text: `Oak bookshelf ${tag()}`,
    price: 40,
    condition: 'like_new',
    category: 'furniture',
  });
  expect(priced.status, JSON.stringify(priced.json)).toBe(201);
  const post = await sendJson<PostDto>(author.page, '/api/posts', { text: 'Anyone up for chess?' });
  expect(post.status).toBe(201);
  const comment = await sendJson<{ id: string }>(reader.page, '/api/posts', {
    text: `Count me in @${authorName}`,
    parentId: post.json.id,
  });
  expect(comment.status).toBe(201);
  expect(
    await postJson(author.page, '/api/posts', {
      text: `Great, @${readerName}, Thursday at six`,
      parentId: comment.json.id,
    }),
  ).toBe(201);
  const liked = await reader.page.evaluate(
    (id) =>
      fetch(`/api/posts/${id}/like`, { method: 'PUT', headers: { 'x-quad-csrf': '1' } }).then(
        (r) => r.status,
      ),
    listing.id,
  );
  expect(liked).toBe(200);
  const chat = await sendJson<{ chat: { id: string } }>(reader.page, '/api/chats', {
    userId: (await viewerOf(author.page)).id,
  });
  expect(chat.status).toBeLessThan(300);
  expect(
    await postJson(reader.page, `/api/chats/${chat.json.chat.id}/messages`, {
      text: 'Is the lamp still available?',
    }),
  ).toBe(201);
  await author.context.close();
  await reader.context.close();
  return {
    readerEmail: reader.email,
    authorName,
    listing,
    post: post.json,
    chatId: chat.json.chat.id,
    mediaId: listing.media[0]!.id,
  };
});

const STATIC_PAGES = [
  '/settings/about',
  '/settings/help',
  '/settings/terms',
  '/settings/privacy',
  '/settings/trust',
  '/settings/trust_and_safety',
  '/settings/cookies',
  '/settings/howitworks',
  '/settings/returns',
  '/settings/feedback',
];

/** A member's pages, over the seeded posts, chat and photo. */
const memberPages = (data: Awaited<ReturnType<typeof seeded>>) => [
  '/home',
  '/search',
  `/search?q=lamp`,
  '/media',
  `/media/${data.mediaId}`,
  `/post/${data.listing.id}`,
  `/post/${data.post.id}`,
  `/post/${data.listing.id}/likes`,
  `/${data.authorName}`,
  '/profile',
  '/profile/edit',
  '/saved',
  '/notifications',
  '/notifications/mentions',
  '/messages',
  `/messages/${data.chatId}`,
  '/messages/new',
  '/create/post',
  '/create/categories',
  '/create/message',
  `/create/comment/${data.post.id}`,
  '/settings',
  '/settings/account',
  '/settings/account/screen_name',
  '/settings/account/password',
  '/settings/account/email',
  '/settings/account/phone',
  '/settings/account/gender',
  '/settings/account/birth_date',
  '/settings/payments',
  '/settings/notifications',
  '/settings/saved-searches',
  '/settings/blocked',
  ...STATIC_PAGES,
  '/no-such-page/at-all',
  '/404',
];

/** A signed-out visitor's pages. */
const VISITOR_PAGES = [
  '/home',
  '/login',
  '/register',
  '/user_registration',
  '/forgotpassword',
  '/reset_password',
  '/search_schools',
  '/search',
  ...STATIC_PAGES,
  '/404',
];

/** The operator's pages (ADMIN moderates UT). */
const OPERATOR_PAGES = ['/admin', '/admin/campuses', '/moderation'];

/** The footer's links, Help last, wherever the footer shows. */
const FOOTER_LINKS = 'Terms of Service | Privacy | Trust/Safety | Returns | About | Help';

/** A route's page has drawn its data: no spinner, skeleton or busy region is left. */
async function loaded(page: Page): Promise<void> {
  const settled = () =>
    page.evaluate(
      () =>
        document.querySelector('#root h1') !== null &&
        document.querySelectorAll('.skeleton, .spinner, [aria-busy="true"]').length === 0 &&
        document.fonts.status === 'loaded',
    );
  // Settled twice in a row, a few frames apart: a page that sends the visitor on is not judged midway.
  await expect
    .poll(async () => (await settled()) && (await nextFrames(page), await settled()), {
      timeout: 15_000,
    })
    .toBe(true);
}

/** Visits each path as the page's visitor; what axe found and where the page scrolls sideways. */
async function checkAll(page: Page, width: number, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  let withFooter = 0;
  for (const path of paths) {
    await page.goto(env.server.url('ut', path));
    await loaded(page);
    for (const v of await violations(page)) found.push(`${path} at ${width} px: ${v}`);
    // Help is found in the same place on every page that shows the footer's links (WCAG 3.2.6).
    const footers = await page.evaluate(() =>
      [...document.querySelectorAll('footer nav')]
        .filter((nav) => nav.checkVisibility())
        .map((nav) => [...nav.querySelectorAll('a')].map((a) => a.textContent).join(' | ')),
    );
    for (const links of footers)
      if (links !== FOOTER_LINKS) found.push(`${path} at ${width} px: footer reads ${links}`);
    withFooter += footers.length > 0 ? 1 : 0;
    found.push(...(await sideways(page, width, path)));
  }
  // Some pages give the screen to one task and show no footer; most show it.
  if (paths.length > 1 && withFooter < paths.length / 2)
    found.push(`only ${withFooter} of ${paths.length} pages at ${width} px show the footer`);
  return found;
}

/** A state reached by hand rather than by a path (a chosen photo, an open dialog), judged alike. */
async function checkHere(page: Page, width: number, what: string): Promise<string[]> {
  const found = (await violations(page)).map((v) => `${what} at ${width} px: ${v}`);
  found.push(...(await sideways(page, width, what)));
  return found;
}

/** Whether the page as it is now is wider than the screen (a screenshot of it kept when asked). */
async function sideways(page: Page, width: number, what: string): Promise<string[]> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  await maybeScreenshot(page, `every-page-${width}-${what.replaceAll(/\W+/g, '-')}`);
  return scrollWidth > width
    ? [`${what} at ${width} px scrolls sideways: ${scrollWidth} px wide`]
    : [];
}

/** Each path at the narrowest width: loaded, then judged for sideways scroll only (axe is run at 390 px). */
async function sidewaysAll(page: Page, width: number, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(env.server.url('ut', path));
    await loaded(page);
    found.push(...(await sideways(page, width, path)));
  }
  return found;
}

describe('every page, WCAG 2.2 AA (axe-core) and no sideways scroll', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`a member's pages at ${viewport.width} px`, async () => {
      const data = await seeded();
      const reader = await signInElsewhere(env, data.readerEmail, viewport);
      const found = await checkAll(reader.page, viewport.width, memberPages(data));
      expect(found).toEqual([]);
      expect(reader.errors).toEqual([]);
      await reader.context.close();
      // About 50 pages, each loaded and checked by axe: 211 s at 390 px on the slower machine of this kind.
    }, 600_000);

    it(`a signed-out visitor's pages, then /verify before the code, at ${viewport.width} px`, async () => {
      const visitor = await openPage(env.browser, viewport);
      const { page } = visitor;
      const found = await checkAll(page, viewport.width, VISITOR_PAGES);
      const email = `new-${tag()}@example.com`;
      const body = { name: 'Nico Newman', email, password: PASSWORD, terms: true };
      expect(await postJson(page, '/api/auth/register', body)).toBe(201);
      found.push(...(await checkAll(page, viewport.width, ['/verify'])));
      expect(found).toEqual([]);
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    }, 300_000);

    it(`the composer with a photo chosen, and "Describe photos" after posting, at ${viewport.width} px`, async () => {
      const data = await seeded();
      const reader = await signInElsewhere(env, data.readerEmail, viewport);
      const { page } = reader;
      const found: string[] = [];
      // The composer is a page of its own on a phone, a dialog over the feed on a desktop.
      const mobile = viewport.width === MOBILE.width;
      await page.goto(env.server.url('ut', mobile ? '/create/post' : '/home'));
      await loaded(page);
      if (!mobile)
        await page
          .getByRole('button', { name: POST_MESSAGES.composerPlaceholder, exact: true })
          .click();
      await page.setInputFiles('input[type=file]', [
        { name: 'lamp.png', mimeType: 'image/png', buffer: await photo() },
      ]);
      await page.getByRole('textbox', { name: 'Describe photo 1 of 1' }).waitFor();
      found.push(...(await checkHere(page, viewport.width, 'the composer with a photo')));

      const mine = await postWithPhotos(page, `Reading lamp ${tag()}`, [await photo()]);
      await page.goto(env.server.url('ut', `/post/${mine.id}`));
      await loaded(page);
      await page.getByRole('button', { name: MESSAGES.posts.moreOptions }).click();
      await page.getByRole('menuitem', { name: MEDIA_ALT_MESSAGES.describePhotos }).click();
      await page
        .getByRole('dialog', { name: MEDIA_ALT_MESSAGES.describePhotos })
        .getByRole('textbox', { name: 'Describe photo 1 of 1' })
        .waitFor();
      await nextFrames(page);
      found.push(...(await checkHere(page, viewport.width, 'Describe photos')));
      expect(found).toEqual([]);
      expect(reader.errors).toEqual([]);
      await reader.context.close();
    }, 150_000);

    it(`the admin dashboard and campuses, and the moderation queue, at ${viewport.width} px`, async () => {
      const admin = await signedInOperator(env.server, env.browser, ADMIN, viewport);
      const { page } = admin;
      expect(await checkAll(page, viewport.width, OPERATOR_PAGES)).toEqual([]);
      // The queue itself, not the page a student who moderates nothing is shown.
      const heading = page.getByRole('heading', { level: 1, name: MODERATION_MESSAGES.moderation });
      expect(await heading.count()).toBe(1);
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    });
  }

  it(`at ${NARROW.width} px, the narrowest phone, no page scrolls sideways`, async () => {
    const data = await seeded();
    const reader = await signInElsewhere(env, data.readerEmail, NARROW);
    const found = await sidewaysAll(reader.page, NARROW.width, memberPages(data));
    const visitor = await openPage(env.browser, NARROW);
    found.push(...(await sidewaysAll(visitor.page, NARROW.width, VISITOR_PAGES)));
    const admin = await signedInOperator(env.server, env.browser, ADMIN, NARROW);
    found.push(...(await sidewaysAll(admin.page, NARROW.width, OPERATOR_PAGES)));
    expect(found).toEqual([]);
    for (const opened of [reader, visitor, admin]) {
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  }, 400_000);

  it('at 390 px, Tab and Shift+Tab never leave the focused control under the top bar or the tab bar', async () => {
    const data = await seeded();
    const reader = await signInElsewhere(env, data.readerEmail, MOBILE);
    const { page } = reader;
    for (const path of ['/home', '/settings/terms', `/post/${data.post.id}`]) {
      await page.goto(env.server.url('ut', path));
      await loaded(page);
      const hidden: string[] = [];
      for (const key of [
        ...Array<string>(40).fill('Tab'),
        ...Array<string>(15).fill('Shift+Tab'),
      ]) {
        await page.keyboard.press(key);
        // Past the smooth part of a scroll and the top bar's slide.
        await page.waitForTimeout(250);
        const under = await page.evaluate(() => {
          const focused = document.activeElement;
          if (!focused || focused === document.body) return null;
          const box = focused.getBoundingClientRect();
          const x = Math.min(Math.max(box.left + box.width / 2, 1), window.innerWidth - 1);
          // Its top edge, middle and bottom edge: is the top bar or the tab bar drawn there instead?
          for (const y of [box.top + 1, box.top + box.height / 2, box.bottom - 1]) {
            if (y < 0 || y >= window.innerHeight) continue;
            const bar = document.elementFromPoint(x, y)?.closest('.topbar, .mobilebar');
            if (bar && !bar.contains(focused))
              return `${focused.outerHTML.slice(0, 120)} under .${bar.className}`;
          }
          return null;
        });
        if (under) hidden.push(`${path} after ${key}: ${under}`);
      }
      expect(hidden).toEqual([]);
    }
    expect(reader.errors).toEqual([]);
    await reader.context.close();
  }, 240_000);

  it('signing in needs no memory test: the fields name what they hold for a password manager, and pasting is allowed', async () => {
    const data = await seeded();
    const visitor = await openPage(env.browser, MOBILE);
    const { page, context } = visitor;
    await page.goto(env.server.url('ut', '/login'));
    await loaded(page);
    // What a paste from a password manager or the clipboard does: the text arrives in the field.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const paste = async (field: Locator, text: string) => {
      await field.focus();
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.keyboard.press('ControlOrMeta+V');
      await expect.poll(() => field.inputValue()).toBe(text);
    };
    // The first step asks for the e-mail alone; the second for the password, the e-mail filled in.
    const email = page.locator('input[autocomplete="username"]');
    expect(await email.count()).toBe(1);
    await paste(email, data.readerEmail);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const password = page.locator('input[type="password"][autocomplete="current-password"]');
    await password.waitFor();
    expect(await email.inputValue()).toBe(data.readerEmail);
    await paste(password, PASSWORD);
    await page.getByRole('button', { name: MESSAGES.signIn.logIn, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');

    // No sign-in or account page stops a paste, and every code field says it holds a one-time code.
    const pasteBlocked = (p: Page) =>
      p.evaluate(() =>
        [...document.querySelectorAll('input:not([type=hidden]), textarea')]
          .filter((input) => {
            const paste = new ClipboardEvent('paste', {
              bubbles: true,
              cancelable: true,
              clipboardData: new DataTransfer(),
            });
            input.dispatchEvent(paste);
            return paste.defaultPrevented;
          })
          .map((input) => input.outerHTML.slice(0, 120)),
      );
    for (const path of ['/settings/account/password', '/settings/account/email']) {
      await page.goto(env.server.url('ut', path));
      await loaded(page);
      expect(await pasteBlocked(page), path).toEqual([]);
    }
    const newcomer = await openPage(env.browser, MOBILE);
    for (const path of ['/login', '/register', '/forgotpassword', '/reset_password']) {
      await newcomer.page.goto(env.server.url('ut', path));
      await loaded(newcomer.page);
      expect(await pasteBlocked(newcomer.page), path).toEqual([]);
    }
    const body = {
      name: 'Nico Newman',
      email: `new-${tag()}@example.com`,
      password: PASSWORD,
      terms: true,
    };
    expect(await postJson(newcomer.page, '/api/auth/register', body)).toBe(201);
    await newcomer.page.goto(env.server.url('ut', '/verify'));
    await loaded(newcomer.page);
    expect(await pasteBlocked(newcomer.page), '/verify').toEqual([]);
    expect(await newcomer.page.locator('input[autocomplete="one-time-code"]').count()).toBe(1);
    expect([...visitor.errors, ...newcomer.errors]).toEqual([]);
    await newcomer.context.close();
    await context.close();
  });

  it("a photo's swipe has buttons: Previous and Next turn the photos with single taps", async () => {
    const data = await seeded();
    const reader = await signInElsewhere(env, data.readerEmail, MOBILE);
    const { page } = reader;
    await page.goto(env.server.url('ut', `/post/${data.listing.id}`));
    await page.getByRole('button', { name: 'Photo 1 of 2' }).tap();
    const viewer = page.getByRole('dialog', { name: VIEWER.title('Avery Q.') });
    await viewer.getByText(VIEWER.counter(1, 2), { exact: true }).waitFor();
    await viewer.getByRole('button', { name: VIEWER.next }).tap();
    await viewer.getByText(VIEWER.counter(2, 2), { exact: true }).waitFor();
    await viewer.getByRole('button', { name: VIEWER.previous }).tap();
    await viewer.getByText(VIEWER.counter(1, 2), { exact: true }).waitFor();
    // Zoom is a button too, not only a pinch or a double tap.
    await viewer.getByRole('button', { name: VIEWER.zoomIn }).tap();
    await viewer.getByRole('button', { name: VIEWER.zoomOut }).waitFor();
    expect(reader.errors).toEqual([]);
    await reader.context.close();
  });
});
