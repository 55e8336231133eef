import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { CampusId } from '@common/campuses';
import { freePort } from '../server/test/free-port';

const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  port: number;
  dataDir: string;
  /** The site of a campus, e.g. url('ut', '/home') → http://ut.localhost:PORT/home. */
  url(campus: CampusId | 'bare', pathName?: string): string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the built server (dist/) as `npm start` does, on a free port with its own data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // QUAD_DIST: a build folder of its own (default dist/), as scripts/build-server.mjs uses.
  const dist = path.join(root, process.env.QUAD_DIST ?? 'dist');
  const main = path.join(dist, 'server/main.js');
  if (!fs.existsSync(main))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dist, 'web'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    port,
    dataDir,
    url: (campus, pathName = '/') =>
      `http://${campus === 'bare' ? '' : `${campus}.`}localhost:${port}${pathName}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * The built server and a browser for one test file: started before its tests
 * and stopped after them. Read `server` and `browser` inside tests and hooks.
 */
export function serverAndBrowser(): { server: RunningServer; browser: Browser } {
  const started: Partial<{ server: RunningServer; browser: Browser }> = {};
  beforeAll(async () => {
    [started.server, started.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return started as { server: RunningServer; browser: Browser };
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

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
