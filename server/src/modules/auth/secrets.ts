import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random 256-bit secret for cookies and links. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a secret is ever stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A 4-digit verification code from a CSPRNG: 1000–9999. */
export function newCode(): string {
  return String(randomInt(1000, 10000));
}
