import { ConfigError, loadConfig } from '../config';
import { loadDotEnv } from '../env-file';
import { OpsError, restore } from './backup';

/** `npm run restore -- <dir>`: a snapshot back into an empty DATA_DIR (ADR 053). */
const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npm run restore -- <backup folder>   (DATA_DIR must be empty)');
  process.exit(2);
}
try {
  loadDotEnv();
  const manifest = await restore(loadConfig(), dir);
  console.log(
    `Restored the snapshot of ${manifest.createdAt} (Quad ${manifest.quadVersion}). Start Quad as usual: it runs any newer migrations first.`,
  );
} catch (error) {
  console.error(error instanceof OpsError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
