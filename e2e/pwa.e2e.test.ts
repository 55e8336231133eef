import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES as M } from '@common/schemas/push';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { serverAndBrowser } from './harness';
import { schoolVerifiedStudent } from './students';

/**
 * The installable app and web push (ADR 058): the campus's manifest and
 * icons, the service worker that controls the page and answers offline, and
 * a device that gets pushes, turned off from the Notifications settings.
 *
 * Headless Chromium refuses `pushManager.subscribe` ("Registration failed -
 * permission denied", ADR 058): where it refuses, the device is saved
 * with a subscription at the same push service as a browser's, and the
 * pushes themselves are proven in the server suite (push.test.ts), against a
 * push service stand-in that decrypts them.
 */

const env = serverAndBrowser();

describe('the installable app', () => {
  it('links a valid manifest, registers the worker, and shows the offline page offline', async () => {
    const ana = await schoolVerifiedStudent(env.server, env.browser, 'Avery Lane');
    const { page, context } = ana;
    await page.goto(env.server.url('ut', '/home'));

    // The manifest: linked from the page's head, the campus's name, icons that are PNG.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({
      name: 'UT Buy / Sell',
      short_name: 'UT',
      start_url: '/home',
      display: 'standalone',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const fetched = await page.evaluate(async (src) => {
        const res = await fetch(src);
        const bytes = new Uint8Array(await res.arrayBuffer());
        return { type: res.headers.get('content-type'), head: [...bytes.slice(1, 4)] };
      }, icon.src);
      expect(fetched.type).toBe('image/png');
      expect(String.fromCharCode(...fetched.head)).toBe('PNG');
    }

    // The service worker registers for the whole site and takes the page over.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(env.server.url('ut', '/'));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Offline, a page that cannot be fetched is the offline page, not the browser's error.
    await context.setOffline(true);
    await page.goto(env.server.url('ut', '/settings'));
    await page.getByRole('heading', { name: M.offlineTitle }).waitFor();
    await page.getByRole('link', { name: M.tryAgain }).waitFor();
    await context.setOffline(false);
    await page.goto(env.server.url('ut', '/settings'));
    expect(await page.getByRole('heading', { name: M.offlineTitle }).count()).toBe(0);
    await context.close();
  });

  it("has no installability error on a campus's /home once the worker controls it", async () => {
    // What the browser's install prompt requires, as Chromium itself judges it (Lighthouse no
    // longer has a PWA category). A browser context of Playwright is incognito, where nothing
    // installs ("in-incognito"): this check runs in a profile of its own on disk.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(env.server.url('ut', '/home'));
      await page.evaluate(() => navigator.serviceWorker.ready);
      // The first load registers the worker; a reload is what it controls.
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const devtools = await context.newCDPSession(page);
      const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string; errorArguments: unknown[] }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('lists a device that gets pushes and turns it off from the Notifications settings', async () => {
    const ben = await schoolVerifiedStudent(env.server, env.browser, 'Blake Moreno');
    const { page, context } = ben;
    await context.grantPermissions(['notifications'], { origin: env.server.url('ut', '') });
    await page.goto(env.server.url('ut', '/home'));
    await page.evaluate(() => navigator.serviceWorker.ready);

    // What the browser gives: a subscription from its push service, or a refusal without one.
    const attempt = await page.evaluate(async () => {
      const { publicKey } = (await (await fetch('/api/push/key')).json()) as { publicKey: string };
      const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
        c.charCodeAt(0),
      );
      const registration = await navigator.serviceWorker.ready;
      try {
        const s = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        });
        return { subscription: s.toJSON() };
      } catch (error) {
        return { refused: (error as Error).name };
      }
    });
    const subscription =
      'subscription' in attempt
        ? attempt.subscription
        : {
            endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`,
            keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
          };
    const saved = await page.evaluate(async (body) => {
      const res = await fetch('/api/me/push-devices', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-quad-csrf': '1' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as { device: string } };
    }, subscription);
    expect(saved.status).toBe(200);

    await page.goto(env.server.url('ut', '/settings/notifications'));
    await page.getByRole('switch', { name: M.pushThisDevice }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: saved.json.device });
    await row.waitFor();
    await row.getByRole('button', { name: M.removeDeviceLabel(saved.json.device) }).click();
    await page.locator('.alerts').getByText(M.deviceRemoved(saved.json.device)).waitFor();
    await page.getByText(M.noDevices).waitFor();
    await context.close();
  });
});
