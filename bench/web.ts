/**
 * The web budgets: the initial JavaScript of a fresh build, and Lighthouse
 * (mobile) on the OU feed over the demo data.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/src/db/kysely';
import { createSessionService } from '../server/src/modules/auth/sessions.service';
import { root } from './settings';
import { measureInitialJavaScript, type WebReport } from './initial-javascript';

export type { WebReport };
import { freePort } from '../server/test/free-port';

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<'FCP' | 'LCP' | 'TBT' | 'CLS' | 'SI', string>;
}

export interface LighthouseReport {
  url: string;
  runs: LighthouseRun[];
  /** The run with the median performance score; null when no run measured the page. */
  median: LighthouseRun | null;
  version: string;
  /** Runs that failed even when made again, and why: reported, never the end of `npm run bench`. */
  failures: string[];
}

/** What Lighthouse's JSON report holds that the bench reads. */
interface LighthouseResult {
  lighthouseVersion: string;
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { displayValue?: string } | undefined>;
}

const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_VERSION = '12.8.2';

/**
 * The JavaScript a browser loads before the first page can render: the entry
 * script of the built index.html and every module it preloads, each gzipped
 * (level 9, as a CDN or nginx would serve it). Built afresh into `dir`.
 */
export function initialJavaScript(dir: string): WebReport {
  // The app, then the server's copy of its feed (ADR 045), as `npm run build:web` builds them.
  for (const ssr of [[], ['--ssr', 'src/entry-server.tsx']])
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'web/vite.config.ts',
        '--logLevel',
        'warn',
        ...ssr,
      ],
      { cwd: root, env: { ...process.env, QUAD_DIST: dir }, stdio: 'inherit' },
    );
  return measureInitialJavaScript(dir);
}

/**
 * Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4× CPU
 * slowdown) on the OU feed of a signed-in student, served by the real app from
 * the fresh build in `webDist`, over the demo data of `npm run seed` in `dir`.
 */
export async function lighthouseFeed(webDist: string, dir: string): Promise<LighthouseReport> {
  try {
    return await lighthouseOnFeed(webDist, dir);
  } catch (error) {
    // No server, no seed, no Lighthouse at all: the report says so and the bench goes on.
    const message = error instanceof Error ? error.message : String(error);
    console.log(`lighthouse could not run: ${message}`);
    return {
      url: LIGHTHOUSE_URL,
      runs: [],
      median: null,
      version: LIGHTHOUSE_VERSION,
      failures: [message],
    };
  }
}

const LIGHTHOUSE_URL = 'http://ou.localhost:PORT/home';

async function lighthouseOnFeed(webDist: string, dir: string): Promise<LighthouseReport> {
  const file = path.join(dir, 'quad.db');
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    GEO_GATE: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${file}`,
    WEB_DIST: webDist,
  };
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  execFileSync(process.execPath, [tsx, 'server/src/seed/seed.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  // The server in a process of its own, as `npm start` runs it: Lighthouse's own
  // work in this process must not slow the pages it measures.
  const server = spawn(process.execPath, [tsx, 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const db = openDatabase({ kind: 'sqlite', file });
  try {
    await waitUntilReady(server, port);
    const student = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('campus_id', '=', 'ou')
      .where('school_verified', '=', true)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const token = await createSessionService(db).start(student.id, {
      userAgent: 'lighthouse',
      ip: '127.0.0.1',
    });
    const url = `http://ou.localhost:${port}/home`;
    const { runs, version, failures } = lighthouseRuns(url, `quad_session=${token}`, dir);
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    return {
      url: LIGHTHOUSE_URL,
      runs,
      median: sorted[Math.floor(sorted.length / 2)] ?? null,
      version,
      failures,
    };
  } finally {
    server.kill('SIGTERM');
    await db.close();
  }
}

async function waitUntilReady(server: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error('the server for Lighthouse did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** LIGHTHOUSE_RUNS runs of `url` with `cookie`, their reports kept in `dir`. */
function lighthouseRuns(
  url: string,
  cookie: string,
  dir: string,
): { runs: LighthouseRun[]; version: string; failures: string[] } {
  const runs: LighthouseRun[] = [];
  const failures: string[] = [];
  let version = LIGHTHOUSE_VERSION;
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    let lhr: LighthouseResult;
    try {
      lhr = measuredRun(url, cookie, path.join(dir, `lighthouse-${i}.json`));
    } catch (error) {
      const message = `run ${i + 1}: ${error instanceof Error ? error.message : String(error)}`;
      console.log(`lighthouse ${message}`);
      failures.push(message);
      continue;
    }
    version = lhr.lighthouseVersion;
    const shown = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    runs.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      metrics: {
        FCP: shown('first-contentful-paint'),
        LCP: shown('largest-contentful-paint'),
        TBT: shown('total-blocking-time'),
        CLS: shown('cumulative-layout-shift'),
        SI: shown('speed-index'),
      },
    });
    console.log(
      `lighthouse run ${i + 1}: performance ${runs.at(-1)!.performance}, accessibility ${runs.at(-1)!.accessibility}`,
    );
  }
  return { runs, version, failures };
}

/**
 * A run that measured the page. Lighthouse sometimes fails to record the
 * trace of a load at all ("NO_NAVSTART"), or fails otherwise: that measured
 * nothing, so the run is made again (twice at most); a run that still fails
 * is reported by lighthouseRuns, never the end of the whole benchmark.
 */
function measuredRun(url: string, cookie: string, output: string): LighthouseResult {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouse(url, cookie, output);
    } catch (error) {
      if (attempt === 3) throw error;
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      console.log(`lighthouse failed (attempt ${attempt}: ${message}); running it again`);
    }
  }
}

/**
 * One Lighthouse run through its command line, fetched by npx from the npm
 * registry at a fixed version: not a dependency of the project, since its
 * trace engine depends on other packages' "latest", which no lock file keeps.
 */
function runLighthouse(url: string, cookie: string, output: string): LighthouseResult {
  execFileSync(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
    ],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const lhr = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseResult;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed: ${lhr.runtimeError.message}`);
  return lhr;
}
