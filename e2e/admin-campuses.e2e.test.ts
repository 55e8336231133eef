import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_CAMPUS_MESSAGES as M, CAMPUS_FORM_WORDS as W } from '@common/schemas/admin-campuses';
import { CAMPUS_MESSAGES } from '@common/schemas/campus';
import { violations } from './axe';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';
import { codeFor, PASSWORD, postJson, sendJson, signedInOperator, tag } from './students';

/**
 * The admin campus page (ADR 056): an operator adds Rice in the browser, its
 * site serves at once with its name, a student with a @rice.edu address
 * signs up and posts; retiring it makes it read-only in the product's words.
 */

const ADMIN = 'operator@example.com';
const env = serverAndBrowser({ ownServer: { ADMIN_EMAILS: ADMIN } });

/** The operator's account (students.ts). */
const operator = (viewport: typeof DESKTOP) =>
  signedInOperator(env.server, env.browser, ADMIN, viewport);

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** An image's width once it has loaded: a new `src` reads 0 until its bytes arrive. */
const loadedWidth = (img: Locator) =>
  img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    return el.naturalWidth;
  });

/** Fills "Add a university" with Rice, its primary colour as given. */
async function fillRice(page: Page, primary: string) {
  await page.getByLabel(W.id).fill('rice');
  await page.getByLabel(W.name).fill('Rice');
  await page.getByLabel(W.productName).fill('Rice Buy / Sell');
  await page.getByLabel(W.schoolName).fill('Rice University');
  await page.getByLabel(W.city).fill('Houston, Texas');
  await page.getByLabel(W.state).fill('TX');
  await page.getByLabel(W.domains).fill('rice.edu');
  await page.getByLabel(W.primary, { exact: true }).fill(primary);
  await page.getByLabel(W.accent, { exact: true }).fill('#7c7e7f');
  await page.getByLabel(W.instagram).fill('ricebuysell');
  await page.getByLabel(W.supportEmail).fill('rice@quadcampus.app');
  const spots = [
    ['rmc', 'Rice Memorial Center', 'By the main doors, inside.'],
    ['fondren', 'Fondren Library entrance', 'Inside the front doors.'],
  ] as const;
  for (const [i, [id, name, description]] of spots.entries()) {
    const spot = page.getByRole('group', { name: W.spot(i + 1) });
    await spot.getByLabel(W.spotId).fill(id);
    await spot.getByLabel(W.spotName).fill(name);
    await spot.getByLabel(W.spotDescription).fill(description);
  }
}

describe('the admin campus page', () => {
  it('adds Rice, whose site serves at once for a new @rice.edu student with the logo uploaded, then retires it read-only', async () => {
    const admin = await operator(DESKTOP);
    const { page } = admin;
    await page.goto(env.server.url('ut', '/admin'));
    await page.getByRole('link', { name: 'Campuses' }).click();
    await page.getByRole('heading', { name: M.title }).waitFor();
    await page.getByRole('heading', { name: 'UT Buy / Sell (ut)' }).waitFor();
    expect(await noSideways(page)).toBe(true);
    expect(await violations(page), '/admin/campuses').toEqual([]);
    await maybeScreenshot(page, 'admin-campuses-1280');

    await page.getByRole('button', { name: M.add }).click();
    await fillRice(page, '#ffcc00');
    await page.getByText('Fails WCAG AA').waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(M.fixFields).waitFor();
    const primary = page.getByLabel(W.primary, { exact: true });
    expect(await primary.getAttribute('aria-invalid')).toBe('true');
    await page
      .getByText(
        'theme.primary #ffcc00 gives white text a contrast of 1.51:1; WCAG AA needs at least 4.5:1. Choose a darker primary colour.',
      )
      .waitFor();
    expect(await noSideways(page)).toBe(true);
    await maybeScreenshot(page, 'admin-campuses-form-error-1280');

    // Navy and grey.
    await primary.fill('#00205b');
    await page.getByText('Passes WCAG AA').waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(M.added('Rice Buy / Sell')).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: 'Rice Buy / Sell' });
    await row.getByText(M.status.active).waitFor();

    // Rice's own site, no restart: its name on the page.
    const student = await openPage(env.browser, MOBILE);
    await student.page.goto(env.server.url('rice', '/'));
    expect(await student.page.title()).toBe('Rice Buy / Sell');
    const email = `owl-${tag()}@rice.edu`;
    const body = { name: 'Olive Owl', email, password: PASSWORD, terms: true };
    expect(await postJson(student.page, '/api/auth/register', body)).toBe(201);
    expect(await postJson(student.page, '/api/verification/code', {})).toBe(200);
    const code = await codeFor(env.server, email);
    expect(await postJson(student.page, '/api/verification/verify', { code })).toBe(200);
    const listing = { text: 'Desk lamp for my dorm, works', category: 'furniture' };
    expect(await postJson(student.page, '/api/posts', listing)).toBe(201);

    // Its logo (ADR 064): uploaded from the form, then the site's favicon and top bar.
    await row.getByRole('button', { name: `${M.edit} Rice` }).click();
    const logoField = page.getByRole('group', { name: W.logo });
    const owl = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#2e7d32' },
    })
      .png()
      .toBuffer();
    await logoField
      .getByLabel(W.uploadLogo)
      .setInputFiles({ name: 'owl.png', mimeType: 'image/png', buffer: owl });
    await logoField.getByText(W.logoSaved).waitFor();
    const preview = logoField.getByRole('img', { name: 'Rice logo' });
    const logoUrl = await preview.getAttribute('src');
    expect(logoUrl).toMatch(/^\/campus-logos\/rice\/[0-9a-f-]{36}\.png$/);
    expect(await loadedWidth(preview)).toBe(512);
    expect(await noSideways(page)).toBe(true);
    await logoField.scrollIntoViewIfNeeded();
    await maybeScreenshot(page, 'admin-campuses-logo-1280');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await student.page.goto(env.server.url('rice', '/home'));
    const brand = student.page.locator('header.topbar img.campus-logo');
    await brand.waitFor();
    expect(await brand.getAttribute('src')).toBe(logoUrl);
    expect(await loadedWidth(brand)).toBe(512);
    const icon = await student.page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe(`/favicon.svg?v=${logoUrl!.split('/').pop()!.replace('.png', '')}`);
    const favicon = await student.page.evaluate(async (href) => (await fetch(href!)).text(), icon);
    expect(favicon).toContain('href="data:image/png;base64,');
    await maybeScreenshot(student.page, 'rice-logo-header-390');

    // Retire: a confirmation, then read-only.
    await row.getByRole('button', { name: `${M.retire} Rice` }).click();
    const dialog = page.getByRole('dialog', { name: M.retireTitle('Rice Buy / Sell') });
    await dialog.getByText(M.retireBody).waitFor();
    await dialog.getByRole('button', { name: M.retire }).click();
    await page.getByText(M.retired('Rice Buy / Sell')).waitFor();
    await row.getByText(M.status.read_only).waitFor();
    const refused = await sendJson<{ error: { code: string; message: string } }>(
      student.page,
      '/api/posts',
      { text: 'Another lamp', category: 'furniture' },
    );
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({
      code: 'campus_read_only',
      message: CAMPUS_MESSAGES.readOnly,
    });
    expect(admin.errors).toEqual([]);
    await student.context.close();
    await admin.context.close();
  }, 240_000);

  it('fits a 390 px phone: the list, the form with an error, UT’s logo uploaded and removed, no sideways scroll', async () => {
    const admin = await operator(MOBILE);
    const { page } = admin;
    await page.goto(env.server.url('ut', '/admin/campuses'));
    await page.getByRole('heading', { name: 'UT Buy / Sell (ut)' }).waitFor();
    expect(await noSideways(page)).toBe(true);
    await maybeScreenshot(page, 'admin-campuses-390');
    await page.getByRole('button', { name: M.add }).click();
    await page.getByLabel(W.id).fill('UT');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('id must be 2 to 20 lowercase letters or digits, like "mit".').waitFor();
    expect(await noSideways(page)).toBe(true);
    expect(await violations(page), '/admin/campuses form at 390 px').toEqual([]);
    await maybeScreenshot(page, 'admin-campuses-form-error-390');

    // UT's own logo (ADR 064): the field at 390 px, and the top bar above it shows it.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: `${M.edit} UT` }).click();
    const logoField = page.getByRole('group', { name: W.logo });
    const square = await sharp({
      create: { width: 256, height: 256, channels: 3, background: '#bf5700' },
    })
      .jpeg()
      .toBuffer();
    await logoField
      .getByLabel(W.uploadLogo)
      .setInputFiles({ name: 'ut.jpg', mimeType: 'image/jpeg', buffer: square });
    await logoField.getByText(W.logoSaved).waitFor();
    await page.reload();
    await page.getByRole('button', { name: `${M.edit} UT` }).click();
    const brand = page.locator('header.topbar img.campus-logo');
    expect(await brand.getAttribute('src')).toMatch(/^\/campus-logos\/ut\//);
    await logoField.scrollIntoViewIfNeeded();
    expect(await noSideways(page)).toBe(true);
    expect(await violations(page), '/admin/campuses logo field at 390 px').toEqual([]);
    await maybeScreenshot(page, 'admin-campuses-logo-390');
    await logoField.getByRole('button', { name: W.removeLogo }).click();
    await logoField.getByText(W.logoRemoved).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'UT Buy / Sell (ut)' }).waitFor();
    expect(await brand.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await admin.context.close();
  }, 150_000);
});
