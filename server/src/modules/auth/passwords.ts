import {
  randomBytes,
  scrypt as scryptCallback,
  type ScryptOptions,
  timingSafeEqual,
} from 'node:crypto';

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const KEY_LENGTH = 32;

/**
 * scrypt with N = 2^cost, r = 8, p = 1 (cost 17 in production). The parameters
 * are stored with the hash, so the cost can change without breaking existing
 * passwords: `scrypt$cost$r$p$salt$hash` (base64url).
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password, salt, KEY_LENGTH, {
    N,
    r: 8,
    p: 1,
    maxmem: 256 * N * 8 + 1024 * 1024,
  });
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, rText, pText, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const N = 2 ** Number(costText);
  const r = Number(rText);
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N,
    r,
    p: Number(pText),
    maxmem: 256 * N * r + 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
