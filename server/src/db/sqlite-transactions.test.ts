import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './kysely';

// Another process on the same SQLite file, as a second server of WEB_CONCURRENCY
// would be: its own connection on a thread of its own, waiting for the lock
// as long as the server's busy_timeout, then adding 10 to the counter.
const OTHER_PROCESS = `
  const { parentPort, workerData } = require('node:worker_threads');
  const Database = require(workerData.driver);
  const db = new Database(workerData.file);
  db.pragma('busy_timeout = 5000');
  parentPort.once('message', () => {
    parentPort.postMessage('writing');
    db.prepare('update counter set n = n + 10').run();
    db.close();
    parentPort.postMessage('wrote');
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
    const other = new Worker(OTHER_PROCESS, { eval: true, workerData: { file, driver } });
    const said = (word: string) =>
      new Promise<void>((resolve, reject) => {
        other.on('message', (message) => message === word && resolve());
        other.once('error', reject);
      });
    try {
      const wrote = said('wrote');
      await app.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        const writing = said('writing');
        other.postMessage('go');
        await writing;
        // Long enough for the other write to land if nothing held it back.
        await new Promise((resolve) => setTimeout(resolve, 100));
        // A plain `begin` fails here with SQLITE_BUSY_SNAPSHOT: the other
        // process wrote after this transaction's read.
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });
      await wrote;
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(app.kysely);
      expect(rows[0]!.n).toBe(11);
    } finally {
      await other.terminate();
    }
  });
});
