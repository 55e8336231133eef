import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openDatabase } from '../src/db/kysely';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate';

/** Which database this test run uses: `npm test` runs the server suite once on each. */
export const testDialect: 'sqlite' | 'postgres' =
  process.env.QUAD_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const adminUrl = () => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb extends Db {
  /** The URL of this test's own database (PostgreSQL) or its file (SQLite). */
  url: string;
}

/**
 * A fresh, migrated database for one test file: an in-memory SQLite, or a new
 * PostgreSQL database that is dropped again on close. `upTo` stops after that
 * migration, for a test of the ones after it on the rows it leaves.
 */
export async function createTestDb({ upTo }: { upTo?: string } = {}): Promise<TestDb> {
  const migrate = (db: Db) => (upTo ? migrateUpTo(db, upTo) : migrateToLatest(db));
  if (testDialect === 'sqlite') {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrate(db);
    return { ...db, url: 'sqlite::memory:' };
  }
  const name = `quad_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const db = openDatabase({ kind: 'postgres', url: url.toString() });
  await migrate(db);
  return {
    ...db,
    url: url.toString(),
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      // The pool's sockets may still be closing: wait for them rather than
      // killing them (FORCE would surface as errors in the test that used them).
      for (let i = 0; i < 50; i++) {
        const { rows } = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 40));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
