// `npm run restore -- <folder>`: build the server if needed, then restore a snapshot into an empty DATA_DIR (ADR 053).
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root, runOrExit } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
// npm runs scripts in the project's folder: a relative folder is the caller's (INIT_CWD).
const caller = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2).map((arg) => path.resolve(caller, arg));
await runOrExit(process.execPath, [path.join(root, 'dist/server/restore.js'), ...args]);
