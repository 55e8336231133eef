import fs from 'node:fs';

/** The server-side banned e-mail list (DESIGN §9): one address per line, # for comments. */
export function loadBannedEmails(file: string): ReadonlySet<string> {
  if (!fs.existsSync(file)) return new Set();
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
}
