import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './kysely';
import { CHECKPOINT_EVERY_MS } from './sqlite-checkpoints';

/** SQLite's checkpoints are made on a thread of their own (ADR 070), whatever the test dialect. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-checkpoints-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

describe('SQLite checkpoints', () => {
  it('leave a large commit in the log, and copy it to the file a moment later', async () => {
    const file = path.join(dir, 'quad.db');
    const db = openDatabase({ kind: 'sqlite', file });
    try {
      await sql`create table notes (body text)`.execute(db.kysely);
      const before = sizeOf(file);
      // About 8 MB in one commit: twice the log that would have made the commit copy it at once.
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 2000; i++)
          await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(trx);
      });
      expect(sizeOf(`${file}-wal`)).toBeGreaterThan(8_000_000);
      expect(sizeOf(file)).toBe(before);
      const deadline = Date.now() + 5 * CHECKPOINT_EVERY_MS;
      while (sizeOf(file) < 8_000_000 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sizeOf(file)).toBeGreaterThan(8_000_000);
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
      expect(rows[0]!.n).toBe(2000);
    } finally {
      await db.close();
    }
  });

  it('are not made for a database in memory, which has no log', async () => {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const { rows } = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(db.kysely);
    expect(rows[0]!.wal_autocheckpoint).toBe(1000);
    await db.close();
  });
});
