import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { openPage, serverAndBrowser } from './harness';
import { PASSWORD, postJson, schoolVerifiedStudent } from './students';

/**
 * A campus is private to its own students (spec core §6): a school-verified
 * student of UT signed in on OU's site sees OU as private, with the way home,
 * and the API gives them none of OU's posts.
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
});
