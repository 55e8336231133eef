import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from `dir` (the working directory) into process.env when it
 * exists, before the configuration is parsed (ADR 053). A variable already set
 * in the real environment wins over the file's line. Returns whether a file was read.
 */
export function loadDotEnv(dir = process.cwd()): boolean {
  const file = path.join(dir, '.env');
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
