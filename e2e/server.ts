import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/**
 * Starts the built server (dist/) as `npm start` does, on a free port with its own
 * data folder: with cheap password hashing, and rate limits relaxed unless `env`
 * says otherwise (ADR 035). `logFile`, when given, receives its output as well.
 */
export async function startServer(
  env: Record<string, string> = {},
  logFile?: string,
): Promise<RunningServer> {
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
      PASSWORD_HASH_COST: '10',
      RATE_LIMITS: 'relaxed',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = (d: Buffer) => {
    output += d.toString();
    if (logFile) fs.appendFileSync(logFile, d);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);

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
    url: siteUrl(port),
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

/** The URL of each campus's site on a server at `port`. */
export function siteUrl(port: number): RunningServer['url'] {
  return (campus, pathName = '/') =>
    `http://${campus === 'bare' ? '' : `${campus}.`}localhost:${port}${pathName}`;
}
