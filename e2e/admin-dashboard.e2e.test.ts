import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import { DASHBOARD_MESSAGES as M } from '@common/schemas/dashboard';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, serverAndBrowser } from './harness';
import { postJson, schoolVerifiedStudent, signedInOperator } from './students';

/**
 * The operators' dashboard (ADR 055): an address in ADMIN_EMAILS sees /admin
 * with its totals and charts at desktop and phone widths; a student gets the
 * not-found page, as the API answers them.
 */

const ADMIN = 'operator@example.com';
const env = serverAndBrowser({ ownServer: { ADMIN_EMAILS: ADMIN } });

/** The operator's account (students.ts). */
const operator = (viewport: typeof DESKTOP) =>
  signedInOperator(env.server, env.browser, ADMIN, viewport);

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
  }, 180_000);
});
