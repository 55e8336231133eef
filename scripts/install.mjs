// Installs dependencies with `npm ci` when they are missing or stale.
import { ensureDependencies } from './lib.mjs';

await ensureDependencies();
