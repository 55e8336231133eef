import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The key that signs links needing no session: SECRET_KEY, or one made once and
 * kept in `$DATA_DIR/secret-key`, so `npm start` needs no setup. Several
 * servers must share SECRET_KEY.
 */
export function loadSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret-key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const key = randomBytes(32).toString('hex');
    // 'wx': a server starting at the same moment keeps the key that was written first.
    try {
      fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
