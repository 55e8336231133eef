import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { DASHBOARD_MESSAGES as M } from '@common/schemas/dashboard';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import { codeFor, landOn, PASSWORD, postJson, schoolVerifiedStudent } from './students';

/**
 * The operators' dashboard (ADR 055): an address in ADMIN_EMAILS sees /admin
 * with its totals and charts at desktop and phone widths; a student gets the
 * not-found page, as the API answers them.
 */

const ADMIN = 'operator@example.com';
const env = serverAndBrowser({ ownServer: { ADMIN_EMAILS: ADMIN } });

/** The operator's account: registered and its e-mail verified, no school needed. */
async function operator(viewport: typeof DESKTOP) {
  const opened = await openPage(env.browser, viewport);
  await landOn(opened.page, env.server, 'ut');
  const body = { name: 'Oda Operator', email: ADMIN, password: PASSWORD, terms: true };
  const registered = await postJson(opened.page, '/api/auth/register', body);
  if (registered === 201) {
    expect(await postJson(opened.page, '/api/verification/code', {})).toBe(200);
    const code = await codeFor(env.server, ADMIN);
    expect(await postJson(opened.page, '/api/verification/verify', { code })).toBe(200);
  } else {
    const login = { email: ADMIN, password: PASSWORD };
    expect(await postJson(opened.page, '/api/auth/login', login)).toBe(200);
  }
  return opened;
}

describe('the admin dashboard', () => {
  it('shows an admin the totals and a chart per measure at 1280 and 390 px, and a student nothing', async () => {
    const student = await schoolVerifiedStudent(env.server, env.browser, 'Sam Seller');
    const listing = { text: 'Desk lamp, works', category: 'furniture' };
    expect(await postJson(student.page, '/api/posts', listing)).toBe(201);

    for (const viewport of [DESKTOP, MOBILE]) {
      const admin = await operator(viewport);
      const { page } = admin;
      await page.goto(env.server.url('ut', '/admin'));
      const summary = page.getByRole('region', { name: M.summary });
      await summary.waitFor();
      await expect
        .poll(() => page.locator('canvas').count(), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(5);
      expect(
        await page
          .getByRole('img')
          .filter({ has: page.locator('canvas') })
          .count(),
      ).toBe(5);
      const listings = summary.locator('div', { hasText: M.measures.listings }).locator('dd');
      expect(Number(await listings.textContent())).toBeGreaterThanOrEqual(1);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await page.getByRole('button', { name: M.showTable }).first().click();
      expect(await violations(page), `/admin at ${viewport.width} px`).toEqual([]);
      await maybeScreenshot(page, `admin-dashboard-${viewport.width}`);
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    }

    await student.page.goto(env.server.url('ut', '/admin'));
    await student.page.getByRole('heading', { name: MESSAGES.notFoundTitle }).waitFor();
    expect(await student.page.locator('canvas').count()).toBe(0);
    await student.context.close();
  }, 90_000);
});
