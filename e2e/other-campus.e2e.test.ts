import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import { PASSWORD, pathOf, postJson, schoolVerifiedStudent, viewerOf } from './students';

const H = AUTH_MESSAGES.handoff;

/**
 * A campus is private to its own students (docs/product/README.md, Roles): a
 * school-verified student of UT signed in on OU's site sees OU as private, with
 * the way home, and the API gives them none of OU's posts.
 */

const env = serverAndBrowser();

describe("another campus's site", () => {
  it('is private to a student of another campus, who is pointed home', async () => {
    const ut = await schoolVerifiedStudent(env.server, env.browser, 'Casey Moore');
    await ut.context.close();
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ou', '/settings/about'));
    expect(await postJson(page, '/api/auth/login', { email: ut.email, password: PASSWORD })).toBe(
      200,
    );
    // The API's 403 to another campus's student is the authorization matrix's (ADR 035).
    await page.goto(env.server.url('ou', '/home'));
    await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
    await page.getByText("You're a member of UT Buy / Sell.", { exact: false }).waitFor();
    const home = page.getByRole('link', { name: MESSAGES.visitYourCampus }).first();
    expect(await home.getAttribute('href')).toContain('/api/auth/handoff/start?campus=ut');
    expect(errors.filter((e) => !/403/.test(e))).toEqual([]);
    await context.close();
  });

  it('lands the student signed in on their own site after one click on "Continue as …?"', async () => {
    const ut = await schoolVerifiedStudent(env.server, env.browser, 'Robin Hale', MOBILE);
    const { username } = await viewerOf(ut.page);
    await ut.context.close();
    const { context, page, errors } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('ou', '/settings/about'));
    expect(await postJson(page, '/api/auth/login', { email: ut.email, password: PASSWORD })).toBe(
      200,
    );
    await page.goto(env.server.url('ou', '/home'));
    await page.getByRole('link', { name: MESSAGES.visitYourCampus }).first().click();
    const title = H.title('Robin H.', username);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(new URL(page.url()).host).toBe(new URL(env.server.url('ut', '/')).host);
    expect(pathOf(page)).toBe('/handoff');
    await page.getByText(H.text('UT Buy / Sell')).waitFor();
    // Opening the page signed nobody in.
    expect(await page.evaluate(async () => (await (await fetch('/api/me')).json()).viewer)).toBe(
      null,
    );
    await maybeScreenshot(page, 'handoff-390');
    expect(await violations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: H.continue }).click();
    await expect.poll(() => pathOf(page)).toBe('/home');
    expect((await viewerOf(page)).username).toBe(username);
    expect(errors.filter((e) => !/403/.test(e))).toEqual([]);
    await context.close();
  });

  it("a handoff link of another account names it and keeps the visitor's own session", async () => {
    const [owner, visitor] = await Promise.all([
      schoolVerifiedStudent(env.server, env.browser, 'Drew Lane', DESKTOP, 'ou'),
      schoolVerifiedStudent(env.server, env.browser, 'Alex Moss', DESKTOP, 'ou'),
    ]);
    const { username } = await viewerOf(owner.page);
    const mine = (await viewerOf(visitor.page)).username;
    // The owner's token, as a hostile page would hand it on.
    await owner.page.goto(env.server.url('ou', '/api/auth/handoff/start?campus=ou'));
    await expect.poll(() => pathOf(owner.page)).toBe('/handoff');
    const token = new URL(owner.page.url()).searchParams.get('token');
    expect(token).toMatch(/\S{20,}/);

    await visitor.page.goto(env.server.url('ou', `/handoff?token=${token}`));
    await visitor.page.getByRole('heading', { name: H.title('Drew L.', username) }).waitFor();
    await visitor.page.getByText(H.replaces(mine)).waitFor();
    await maybeScreenshot(visitor.page, 'handoff-other-account-1280');
    expect((await viewerOf(visitor.page)).username).toBe(mine);
    await visitor.page.getByRole('link', { name: H.notNow }).click();
    await expect.poll(() => pathOf(visitor.page)).toBe('/home');
    expect((await viewerOf(visitor.page)).username).toBe(mine);
    expect([...owner.errors, ...visitor.errors]).toEqual([]);
    await Promise.all([owner.context.close(), visitor.context.close()]);
  });
});
