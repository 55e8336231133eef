/**
 * The real entry point (server/src/main.ts, through tsx) in a process of its
 * own, as `npm start` runs it: what the benchmarks use to measure
 * WEB_CONCURRENCY processes (ADR 062) rather than the app in their own process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../server/test/free-port';
import { root } from './settings';

const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

/** Redis joins the processes (ADR 062). */
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface EntryPoint {
  server: ChildProcess;
  base: string;
  /** The processes' log (JSON lines at `warn` and above), in `dataDir`. */
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts the entry point with `processes` processes on `database` (a
 * DATABASE_URL) and `env` on top of production settings; null when it did not
 * answer /readyz within a minute.
 */
export async function startEntryPoint(
  processes: number,
  database: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<EntryPoint | null> {
  const port = await freePort();
  const logFile = path.join(dataDir, `entry-point-${processes}-${port}.log`);
  const log = fs.openSync(logFile, 'a');
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const server = spawn(
    process.execPath,
    [...profile, '--import', tsxLoader, 'server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        GEO_GATE: 'off',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: database,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        REDIS_URL: BENCH_REDIS_URL,
        WEB_CONCURRENCY: String(processes),
        ...env,
      },
      stdio: ['ignore', log, 'inherit'],
    },
  );
  fs.closeSync(log);
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) =>
      server.exitCode !== null ? resolve(null) : server.once('exit', resolve),
    );
  };
  if (await ready(server, port)) return { server, base: `http://127.0.0.1:${port}`, logFile, stop };
  await stop();
  return null;
}

async function ready(server: ChildProcess, port: number): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && server.exitCode === null) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** The processes' arguments for a report: how they were started. */
export const entryPointNote = (counts: number[]) =>
  `the real entry point (\`node server/src/main.ts\` through tsx) with WEB_CONCURRENCY at ${counts.join(' and ')}, Redis at ${BENCH_REDIS_URL.replace(/\/\/[^@]*@/, '//')}`;

/** The errors the processes logged, by message and error code, most frequent first. */
export function loggedErrors(logFile: string): string[] {
  const counts = new Map<string, number>();
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      err?: { code?: string; message?: string };
    };
    if ((entry.level ?? 0) < 50) continue;
    const key =
      `${entry.msg ?? '?'}: ${entry.err?.code ?? ''} ${entry.err?.message?.slice(0, 80) ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${n} × ${key}`);
}
