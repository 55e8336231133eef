// Helpers shared by the start and test scripts. Only Node built-ins here:
// these scripts run before dependencies are installed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) process.exit(code);
}

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : '');
  }
  return hash.digest('hex');
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureDependencies() {
  const stamp = path.join(root, 'node_modules', '.quad-deps');
  const lock = path.join(root, 'package-lock.json');
  const wanted = hashFiles([path.join(root, 'package.json'), lock]);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return;
  console.log('Installing dependencies (first run or package files changed)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await runOrExit(npm, fs.existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install']);
  fs.writeFileSync(stamp, wanted);
}

function listFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else out.push(full);
  }
  return out;
}

/** Builds web and server unless the sources are unchanged since the last build. */
export async function ensureBuilt() {
  const sources = ['web', 'common', 'server/src', 'scripts']
    .flatMap((d) => listFiles(path.join(root, d)))
    .concat(['package-lock.json', 'tsconfig.json'].map((f) => path.join(root, f)))
    .sort();
  const wanted = hashFiles(sources);
  const stamp = path.join(root, 'dist', '.build-stamp');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return;
  console.log('Building the web app and the server…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await runOrExit(npm, ['run', 'build', '--silent']);
  fs.writeFileSync(stamp, wanted);
}
