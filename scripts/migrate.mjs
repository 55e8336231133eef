// `npm run migrate`: build the server if needed, then migrate the configured database.
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root, runOrExit } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
await runOrExit(process.execPath, [path.join(root, 'dist/server/migrate.js')]);
