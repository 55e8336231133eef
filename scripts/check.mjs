// `npm run check`: typecheck, lint, import circles, formatting and the OpenAPI
// document's lint. The slow two (tsc, eslint) and the rest run side by side,
// each group's output printed whole when it ends (ADR 035).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs the commands one after another, keeping their output; resolves with it and whether all passed. */
async function group(name, commands) {
  let output = '';
  for (const [command, ...args] of commands) {
    const code = await new Promise((resolve) => {
      const child = spawn(command, args, { cwd: root, env: process.env });
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', (error) => {
        output += `${error.message}\n`;
        resolve(1);
      });
      child.on('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1)));
    });
    if (code !== 0) return { name, output, ok: false };
  }
  return { name, output, ok: true };
}

const groups = [
  group('typecheck', [[bin('tsc'), '-p', '.']]),
  group('lint', [[bin('eslint'), '.']]),
  group('imports, formatting, OpenAPI', [
    [
      bin('depcruise'),
      ...['server', 'common', 'web/src', 'bench', 'e2e', 'scripts'],
      '--config',
      '.dependency-cruiser.cjs',
    ],
    [bin('prettier'), '--check', '.'],
    [npm, 'run', 'openapi:lint', '--silent'],
  ]),
];
let failed = false;
for (const result of await Promise.all(groups)) {
  console.log(`━━ ${result.name}: ${result.ok ? 'passed' : 'FAILED'}`);
  process.stdout.write(result.output);
  failed ||= !result.ok;
}
process.exit(failed ? 1 : 0);
