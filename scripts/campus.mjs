// `npm run campus`: build the server if needed, then list, add, edit or retire campuses (ADR 054).
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root, runOrExit } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
await runOrExit(process.execPath, [
  path.join(root, 'dist/server/campus.js'),
  ...process.argv.slice(2),
]);
