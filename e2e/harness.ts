import fs from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { type RunningServer, siteUrl, startServer } from './server';

export { type RunningServer, startServer } from './server';

/** A browser of this file's own, for the files that start a server of their own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * This worker's browser and server, started once for the whole run by
 * e2e/global-setup.ts (ADR 035): the file connects to the browser before its
 * tests and lets go of it after them; each test opens a fresh context. A file
 * that needs a server of its own (a fresh campus whose every post it counts,
 * or a configuration of its own) names it with `ownServer`: its environment,
 * `{}` for the defaults. Read `server` and `browser` inside tests and hooks.
 */
export function serverAndBrowser({ ownServer }: { ownServer?: Record<string, string> } = {}): {
  server: RunningServer;
  browser: Browser;
} {
  const started: Partial<{ server: RunningServer; browser: Browser }> = {};
  beforeAll(async () => {
    const shared = inject('e2eWorkers');
    const mine = shared[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % shared.length]!;
    const [server, browser] = await Promise.all([
      ownServer
        ? startServer(ownServer)
        : {
            port: mine.port,
            dataDir: mine.dataDir,
            url: siteUrl(mine.port),
            output: () => fs.readFileSync(mine.logFile, 'utf8'),
            // Shared with the files after this one: global-setup.ts stops it.
            stop: async () => undefined,
          },
      chromium.connect(mine.browser),
    ]);
    Object.assign(started, { server, browser });
  });
  afterAll(async () => {
    // Closes this file's contexts and lets go of the browser, which stays up.
    await started.browser?.close();
    await started.server?.stop();
  });
  return started as { server: RunningServer; browser: Browser };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per worker, its shared server (port, data folder, log) and browser endpoint. */
    e2eWorkers: { port: number; dataDir: string; logFile: string; browser: string }[];
  }
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };
/** The narrowest phone a page is laid out for (docs/accessibility.md). */
export const NARROW = { width: 320, height: 640 };

/**
 * A fresh browser context (its own cookies) with a page that records uncaught
 * errors and console errors, so a test can assert the page stayed clean.
 */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width <= 769,
    hasTouch: viewport.width <= 769,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  if (process.env.E2E_TRACE) {
    // Debugging aid: every API answer and page error on the console.
    page.on('response', (res) => {
      if (res.url().includes('/api/'))
        console.log(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
    page.on('pageerror', (error) => console.log(`pageerror: ${error.message}`));
  }
  return { context, page, errors };
}

/** Where screenshots go when SCREENSHOTS=dir is set (for looking at pages by hand). */
export async function maybeScreenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/**
 * Resolves once the element's own animations and transitions have finished (a
 * dialog's opening, an alert's slide-in). Those of what it holds are not waited for:
 * an alert's countdown to closing runs as long as the alert does.
 */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Resolves after the page has painted twice more: what the last input's handlers did is on screen. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Resolves once the test has heard of every request the page has issued so far: a
 * request of its own goes after them, and the browser reports a page's requests in
 * the order the page issues them. What a test waits on before it says "nothing more
 * was asked".
 */
export async function requestsHeard(page: Page): Promise<void> {
  const mark = `/readyz?heard=${Math.random().toString(36).slice(2)}`;
  const heard = page.waitForRequest((request) => request.url().endsWith(mark));
  await page.evaluate((url) => void fetch(url), mark);
  await heard;
}
