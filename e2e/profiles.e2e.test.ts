import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES as M } from '@common/schemas/profiles';
import { maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import {
  once,
  pathOf,
  postOf,
  postWithPhotos,
  schoolVerifiedStudent,
  sendJson,
  signInElsewhere,
  tag,
  viewerOf,
} from './students';

/**
 * Profiles, profile edit and the set-up wizard
 * (docs/product/profiles-and-payments.md): two students on a server of their
 * own (each costs two e-mails of the per-minute allowance).
 */

const env = serverAndBrowser();
const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const owner = once(() => schoolVerifiedStudent(env.server, env.browser, 'Rowan Ellery'));
const visitor = once(() => schoolVerifiedStudent(env.server, env.browser, 'Sasha Brandt'));

describe('profiles', () => {
  it('a student sets up their profile through the wizard with a photo, then edits their bio', async () => {
    const a = await owner();
    const me = await viewerOf(a.page);
    // ?SetUp=true on any page opens the wizard.
    await a.page.goto(env.server.url('ut', '/home?SetUp=true'));
    await expect.poll(() => pathOf(a.page)).toBe('/profile/set-up');
    await a.page.getByRole('heading', { name: M.pickPicture }).waitFor();
    await a.page.getByRole('button', { name: M.skipForNow }).waitFor();
    await maybeScreenshot(a.page, 'profile-wizard-1-desktop');

    // Anything but a png, gif or jpeg is refused before it leaves the browser.
    const input = a.page.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await a.page.getByText(M.onlyPhotos).waitFor();

    await input.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await photo(200, 90, 40),
    });
    await a.page.getByText(M.profileUpdated).first().waitFor();
    await a.page.getByRole('button', { name: M.next }).click();

    await a.page.getByRole('heading', { name: M.describeYourself }).waitFor();
    const bio = `Engineering junior, selling my old textbooks ${tag()}`;
    await a.page.getByLabel(M.bio).fill(bio);
    await a.page.getByText(M.counter([...bio].length)).waitFor();
    await maybeScreenshot(a.page, 'profile-wizard-2-desktop');
    await a.page.getByRole('button', { name: M.next }).click();

    await a.page.getByRole('heading', { name: M.profileIsUpdated }).waitFor();
    await maybeScreenshot(a.page, 'profile-wizard-3-desktop');
    await a.page.getByRole('link', { name: M.seeProfile }).click();
    await expect.poll(() => pathOf(a.page)).toBe(`/${me.username}`);
    const header = a.page.getByRole('region', { name: 'Rowan E.' });
    await header.getByText(bio).waitFor();
    expect(await header.getByText(`@${me.username}`).count()).toBe(1);
    // Set up now: no "Set up profile", and the photo is the uploaded one.
    expect(await header.getByRole('link', { name: M.setUpProfile }).count()).toBe(0);
    expect((await viewerOf(a.page)).avatarUrl).toBeTruthy();
    expect((await viewerOf(a.page)).profileSetUp).toBe(true);

    // Edit the bio from /profile/edit.
    await header.getByRole('link', { name: M.editProfile }).click();
    await expect.poll(() => pathOf(a.page)).toBe('/profile/edit');
    await a.page.getByRole('heading', { name: M.editProfile }).waitFor();
    await a.page.getByText(bio).waitFor();
    await maybeScreenshot(a.page, 'profile-edit-desktop');
    await a.page.getByRole('button', { name: M.editBio }).click();
    const dialog = a.page.getByRole('dialog', { name: M.editBio });
    const newBio = `Selling a desk lamp and a bike ${tag()}`;
    await dialog.getByLabel(M.bio).fill(newBio);
    await dialog.getByText(M.counter([...newBio].length)).waitFor();
    await maybeScreenshot(a.page, 'profile-edit-bio-desktop');
    await dialog.getByRole('button', { name: M.save }).click();
    await a.page.getByText(M.profileUpdated).first().waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await a.page.getByText(newBio).waitFor();
    expect(a.errors).toEqual([]);
  });

  it("another student opens the profile from a post's author, reads its tabs and reports it", async () => {
    const [a, b] = await Promise.all([owner(), visitor()]);
    const me = await viewerOf(a.page);
    const text = `Walnut desk, barely used ${tag()}`;
    const post = await postOf(a.page, text);
    const photoText = `Bike with a basket ${tag()}`;
    await postWithPhotos(a.page, photoText, [await photo(40, 120, 200)]);
    const other = await postOf(b.page, `Mini fridge for sale ${tag()}`);
    const saved = await a.page.evaluate(
      async (id) =>
        (await fetch(`/api/posts/${id}/like`, { method: 'PUT', headers: { 'x-quad-csrf': '1' } }))
          .status,
      other.id,
    );
    expect(saved).toBe(200);
    const replyText = `Is it still available? ${tag()}`;
    expect(
      (await sendJson(a.page, '/api/posts', { text: replyText, parentId: other.id, mediaIds: [] }))
        .status,
    ).toBe(201);

    // A thread below the desk: Sasha asks, Rowan answers.
    const question = await sendJson<{ id: string }>(b.page, '/api/posts', {
      text: `Does it fold? ${tag()}`,
      parentId: post.id,
      mediaIds: [],
    });
    expect(question.status).toBe(201);
    const answer = `No, it is solid walnut ${tag()}`;
    expect(
      (
        await sendJson(a.page, '/api/posts', {
          text: answer,
          parentId: question.json.id,
          mediaIds: [],
        })
      ).status,
    ).toBe(201);

    await b.page.goto(env.server.url('ut', `/post/${post.id}`));
    // The post's own author line (the thread below it has Rowan's answer too).
    await b.page
      .getByRole('article')
      .first()
      .getByRole('link', { name: 'Rowan E.', exact: true })
      .click();
    await expect.poll(() => pathOf(b.page)).toBe(`/${me.username}`);
    const header = b.page.getByRole('region', { name: 'Rowan E.' });
    await header.getByText(`@${me.username}`).waitFor();
    await header.getByRole('button', { name: 'Send Message' }).waitFor();
    expect(await header.getByRole('link', { name: M.editProfile }).count()).toBe(0);

    const tabs = b.page.getByRole('navigation', { name: M.tabsLabel });
    const list = (name: string) => b.page.getByRole('list', { name, exact: true });
    await list(M.tabs.posts).getByText(text).waitFor();
    await list(M.tabs.posts).getByText(photoText).waitFor();
    // The desk's card holds its thread, nested: the question, and Rowan's answer below it.
    const desk = list(M.tabs.posts)
      .getByRole('article', { name: 'Rowan E.' })
      .filter({ hasText: text });
    const thread = desk.getByRole('list', { name: M.repliesLabel('Rowan E.'), exact: true });
    await thread.getByRole('article', { name: 'Comment by Sasha B.' }).waitFor();
    await thread
      .getByRole('list', { name: M.repliesLabel('Sasha B.'), exact: true })
      .getByRole('article', { name: 'Comment by Rowan E.' })
      .getByText(answer)
      .waitFor();
    await maybeScreenshot(b.page, 'profile-desktop');

    await tabs.getByRole('link', { name: M.tabs.photos }).click();
    await expect.poll(() => new URL(b.page.url()).search).toBe('?show=photos');
    await list(M.tabs.photos).getByRole('link').first().waitFor();
    expect(await list(M.tabs.photos).getByRole('link').count()).toBe(1);
    await maybeScreenshot(b.page, 'profile-photos-desktop');

    await tabs.getByRole('link', { name: M.tabs.likes }).click();
    await list(M.tabs.likes).getByText(other.text).waitFor();
    await tabs.getByRole('link', { name: M.tabs.replies }).click();
    await list(M.tabs.replies).getByText(replyText).waitFor();
    // Each reply under what it answers, leading to that post.
    const context = list(M.tabs.replies)
      .getByRole('article')
      .filter({ hasText: replyText })
      .getByRole('link', { name: new RegExp(`^${M.replyingTo} Sasha B\\.`) });
    await context.getByText(other.text).waitFor();
    expect(await context.getAttribute('href')).toBe(`/post/${other.id}`);
    await maybeScreenshot(b.page, 'profile-replies-desktop');
    await b.page.getByText("You've reached the end.").waitFor();

    // Report, with a reason.
    await header.getByRole('button', { name: M.moreActions }).click();
    await b.page.getByRole('menuitem', { name: M.report }).click();
    const dialog = b.page.getByRole('dialog', { name: M.reportTitle('Rowan E.') });
    await dialog.getByLabel(M.reportReason).fill('Asked me to pay by wire transfer');
    await dialog.getByRole('button', { name: M.report }).click();
    await b.page.getByText(M.userReported).waitFor();

    // A shared link with ?redirect=true asks to start a conversation at once.
    await b.page.goto(env.server.url('ut', `/${me.username}?redirect=true`));
    await b.page.getByRole('dialog', { name: 'Start Conversation?' }).waitFor();
    await b.page.keyboard.press('Escape');

    // An unknown username: the not-found screen with Search.
    await b.page.goto(env.server.url('ut', `/nobody-${tag()}`));
    await b.page.getByRole('heading', { name: M.notFoundTitle }).waitFor();
    expect(await b.page.getByRole('link', { name: 'Search' }).last().getAttribute('href')).toBe(
      '/search',
    );
    expect(b.errors).toEqual([]);
  });

  it('the profile at phone width: nothing wider than the screen', async () => {
    const [a, b] = await Promise.all([owner(), visitor()]);
    const me = await viewerOf(a.page);
    const phone = await signInElsewhere(env, b.email, MOBILE);
    await phone.page.goto(env.server.url('ut', `/${me.username}`));
    await phone.page.getByRole('region', { name: 'Rowan E.' }).waitFor();
    await phone.page.getByRole('list', { name: M.tabs.posts }).waitFor();
    await maybeScreenshot(phone.page, 'profile-phone');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);

    const own = await signInElsewhere(env, a.email, MOBILE);
    await own.page.goto(env.server.url('ut', '/profile/edit'));
    await own.page.getByRole('heading', { name: M.editProfile }).waitFor();
    await maybeScreenshot(own.page, 'profile-edit-phone');
    await own.page.goto(env.server.url('ut', '/profile/set-up'));
    await own.page.getByRole('heading', { name: M.pickPicture }).waitFor();
    await maybeScreenshot(own.page, 'profile-wizard-1-phone');
    expect(await own.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    expect([...phone.errors, ...own.errors]).toEqual([]);
    await Promise.all([phone.context.close(), own.context.close()]);
  });
});
