import { ConfigError, loadConfig } from '../config';
import { loadDotEnv } from '../env-file';
import { backup, OpsError } from './backup';

/** `npm run backup -- <dir>`: a snapshot of the configured server while it runs (ADR 053). */
const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npm run backup -- <folder>   (a new or empty folder)');
  process.exit(2);
}
try {
  loadDotEnv();
  const manifest = await backup(loadConfig(), dir);
  const counts = Object.entries(manifest.counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(
    `Backed up Quad ${manifest.quadVersion} (${manifest.database}, migration ${manifest.migration.last}) to ${dir}: ${counts}; ${manifest.media === 's3' ? 'media stay in the S3 bucket' : `${manifest.mediaFiles} media files`}.`,
  );
  if (manifest.missingMedia.length > 0)
    console.warn(
      `Warning: ${manifest.missingMedia.length} files were deleted while the backup ran (listed in manifest.json).`,
    );
} catch (error) {
  console.error(error instanceof OpsError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
