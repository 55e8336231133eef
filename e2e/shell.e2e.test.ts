import { describe, expect, it } from 'vitest';
import { CAMPUSES, SCHOOLS } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import { DESKTOP, maybeScreenshot, MOBILE, openPage, serverAndBrowser } from './harness';

const env = serverAndBrowser();

describe('campus sites', () => {
  it('each campus host shows its own name, colours, city and logo', async () => {
    const { context, page, errors } = await openPage(env.browser);
    for (const campus of SCHOOLS) {
      await page.goto(env.server.url(campus.id, '/home'));
      await expect.poll(() => page.title()).toBe(campus.productName);
      await page.getByRole('link', { name: `${campus.productName} home` }).waitFor();
      const brand = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
      );
      expect(brand).toBe(campus.theme.primary);
      const card = page.getByRole('complementary', { name: 'About this group' });
      await card.getByRole('heading', { name: campus.productName }).waitFor();
      await card.getByText(campus.city).waitFor();
      await card.getByText(MESSAGES.groupMembers, { exact: false }).waitFor();
      expect(
        await page
          .getByRole('img', { name: `${campus.name} logo` })
          .first()
          .isVisible(),
      ).toBe(true);
    }
    await maybeScreenshot(page, 'home-duke-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('any other host is OU', async () => {
    const { context, page } = await openPage(env.browser);
    await page.goto(env.server.url('bare', '/home'));
    await expect.poll(() => page.title()).toBe('OU Buy / Sell');
    await context.close();
  });

  it('shows signed-out visitors that the community is private, with Join Group', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ut', '/'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await page.getByRole('heading', { name: MESSAGES.privateCommunity }).waitFor();
    const main = page.getByRole('main');
    await main.getByRole('button', { name: MESSAGES.joinGroup }).click();
    const prompt = page.getByRole('dialog', { name: MESSAGES.authPrompt.join });
    await prompt.getByRole('link', { name: MESSAGES.logInSignUp }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user_registration');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the generic campus shows the welcome page', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('campus', '/home'));
    await expect.poll(() => page.title()).toBe(CAMPUSES.campus.productName);
    // A guest's way in (the welcome page's tests cover the other viewers).
    await page.getByRole('main').getByRole('link', { name: MESSAGES.joinYourCampus }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user_registration');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('not found', () => {
  it('an unknown path shows the not-found screen with Go To Feed', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url('ou', '/this/does/not/exist'));
    await page.getByRole('heading', { name: MESSAGES.notFoundTitle }).waitFor();
    await page.getByText(MESSAGES.notFoundHint).waitFor();
    await page.getByRole('link', { name: MESSAGES.goToFeed }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/404 shows Error 404', async () => {
    const { context, page } = await openPage(env.browser);
    const response = await page.goto(env.server.url('smu', '/404'));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: MESSAGES.error404 }).waitFor();
    await context.close();
  });

  it('a path the app has no page at answers 404 and draws the not-found screen', async () => {
    const { context, page } = await openPage(env.browser);
    const response = await page.goto(env.server.url('smu', '/no-such/page'));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: MESSAGES.notFoundTitle }).waitFor();
    await context.close();
  });
});

describe('responsive layout', () => {
  it('desktop shows the sidebar with labels and the right rail, no bottom bar', async () => {
    const { context, page } = await openPage(env.browser, DESKTOP);
    await page.goto(env.server.url('ou', '/home'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.count()).toBe(1); // the bottom bar is not rendered visible
    await nav.getByRole('link', { name: 'Buy / Sell' }).waitFor();
    expect(await nav.getByText('Notifications').isVisible()).toBe(true);
    expect(await page.getByRole('complementary', { name: 'About this group' }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it('at 1170 px the sidebar collapses to icons', async () => {
    const { context, page } = await openPage(env.browser, { width: 1100, height: 900 });
    await page.goto(env.server.url('ou', '/home'));
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Buy / Sell' });
    await link.waitFor();
    expect(await page.locator('.sidebar__label').first().isVisible()).toBe(false);
    expect(await page.getByRole('complementary', { name: 'About this group' }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it('mobile shows the bottom bar instead of the sidebar and hides the header while scrolling down', async () => {
    const { context, page, errors } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('ou', '/settings/terms'));
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    const bars = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => bars.count()).toBe(1);
    for (const label of ['Home', 'Search', 'Create post', 'Messages', 'Notifications']) {
      expect(await bars.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('complementary', { name: 'About this group' }).isVisible()).toBe(
      false,
    );
    const header = page.locator('header.topbar');
    await page.mouse.wheel(0, 600);
    await expect
      .poll(() => header.evaluate((el) => el.getBoundingClientRect().bottom))
      .toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await maybeScreenshot(page, 'terms-mobile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the generic campus bottom bar has home, search schools and settings', async () => {
    const { context, page } = await openPage(env.browser, MOBILE);
    await page.goto(env.server.url('campus', '/home'));
    const bar = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Search schools', 'Settings'])
      await bar.getByRole('link', { name: label }).waitFor();
    await context.close();
  });
});

describe('alerts', () => {
  it('copying the support e-mail shows a success alert with its progress bar for 2.6 s', async () => {
    const { context, page, errors } = await openPage(env.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: env.server.url('uf'),
    });
    await page.goto(env.server.url('uf', '/home'));
    await page.getByRole('button', { name: 'Copy support e-mail' }).click();
    const alert = page.getByRole('status').filter({ hasText: MESSAGES.copiedToClipboard });
    await alert.waitFor();
    expect(await alert.getAttribute('class')).toContain('alert--success');
    expect(
      await alert
        .locator('.alert__progress')
        .evaluate((el) => getComputedStyle(el).animationDuration),
    ).toBe('2.6s');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      CAMPUSES.uf.supportEmail,
    );
    await alert.waitFor({ state: 'detached', timeout: 5000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
