import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { type RunningServer, startServer } from './server';
import { E2E_WORKERS } from './workers';

/**
 * One built server and one browser per worker, for the whole run (ADR 035):
 * a file's tests open fresh contexts in them (harness.ts `serverAndBrowser`)
 * instead of paying a server and a browser start of their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-e2e-logs-'));
  const servers: RunningServer[] = [];
  const browsers: BrowserServer[] = [];
  const teardown = async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(logs, { recursive: true, force: true });
  };
  try {
    const workers = await Promise.all(
      Array.from({ length: E2E_WORKERS }, async (_, i) => {
        const logFile = path.join(logs, `server-${i + 1}.log`);
        const [server, browser] = await Promise.all([
          startServer({}, logFile),
          chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
        ]);
        servers.push(server);
        browsers.push(browser);
        return {
          port: server.port,
          dataDir: server.dataDir,
          logFile,
          browser: browser.wsEndpoint(),
        };
      }),
    );
    project.provide('e2eWorkers', workers);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
