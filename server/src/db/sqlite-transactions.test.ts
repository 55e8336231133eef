import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './kysely';

// Another process on the same SQLite file, as a second server of WEB_CONCURRENCY
// would be: its own connection, waiting for the lock as long as the server's
// busy_timeout, then adding 10 to the counter. A process rather than a thread:
// it loads better-sqlite3 as the tests' own processes do (the Node 24 tier
// swaps its addon through NODE_OPTIONS, which a process inherits).
const OTHER_PROCESS = `
  const Database = require(process.env.QUAD_DRIVER);
  const db = new Database(process.env.QUAD_FILE);
  db.pragma('busy_timeout = 5000');
  process.stdin.once('data', () => {
    process.stdout.write('writing\\n');
    db.prepare('update counter set n = n + 10').run();
    db.close();
    process.stdout.write('wrote\\n');
    process.exit(0);
  });
`;

let dir: string;
let file: string;
let app: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-transactions-'));
  file = path.join(dir, 'quad.db');
  app = openDatabase({ kind: 'sqlite', file });
  await sql`create table counter (n integer not null)`.execute(app.kysely);
  await sql`insert into counter (n) values (0)`.execute(app.kysely);
});
afterEach(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite transactions beside another process on the same file', () => {
  it('hold the write lock from their start: a write in between waits for the commit instead of failing the transaction', async () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const other = spawn(process.execPath, ['-e', OTHER_PROCESS], {
      env: { ...process.env, QUAD_DRIVER: driver, QUAD_FILE: file },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let heard = '';
    const said = (word: string) =>
      new Promise<void>((resolve, reject) => {
        const listen = () => heard.split('\n').includes(word) && resolve();
        other.stdout.on('data', (chunk: Buffer) => {
          heard += chunk.toString();
          listen();
        });
        // Exiting before it said so is a failure; the kill that ends the test is not.
        other.once(
          'exit',
          (code, signal) =>
            signal === null && code !== 0 && reject(new Error(`the other process exited ${code}`)),
        );
        listen();
      });
    try {
      const wrote = said('wrote');
      await app.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        const writing = said('writing');
        other.stdin.write('go\n');
        await writing;
        // Long enough for the other write to land if nothing held it back.
        await new Promise((resolve) => setTimeout(resolve, 200));
        // A plain `begin` fails here with SQLITE_BUSY_SNAPSHOT: the other
        // process wrote after this transaction's read.
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });
      await wrote;
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(app.kysely);
      expect(rows[0]!.n).toBe(11);
    } finally {
      other.kill();
    }
  });
});
