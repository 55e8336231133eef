import { mailboxOf } from '@common/campuses';
import fs from 'node:fs';

/**
 * The server-side banned e-mail list: one address per line, # for comments.
 * Kept as the mailboxes the addresses reach (ADR 040), so `jane+2@` is as
 * banned as `jane@`: look an address up with `mailboxOf`.
 */
export function loadBannedEmails(file: string): ReadonlySet<string> {
  if (!fs.existsSync(file)) return new Set();
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#'))
      .map(mailboxOf),
  );
}
