import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testDialect } from '../../test/db';
import { openDatabase } from './kysely';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

if (testDialect === 'postgres') {
  describe('PostgreSQL connections', () => {
    it('survive the server dropping an idle connection: the next query gets a new one', async () => {
      const app = openDatabase({ kind: 'postgres', url: db.url });
      try {
        const pid = async () =>
          (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(app.kysely)).rows[0]!
            .pid;
        const before = await pid();
        // As a database restart or a failover would: end the pooled, idle connection.
        await sql`select pg_terminate_backend(${before})`.execute(db.kysely);
        await new Promise((r) => setTimeout(r, 100));
        const after = await pid();
        expect(after).not.toBe(before);
      } finally {
        await app.close();
      }
    });
  });
} else {
  describe('SQLite statements', () => {
    it('stay prepared across calls and bind booleans as 0 and 1', async () => {
      const app = openDatabase({ kind: 'sqlite', file: ':memory:' });
      try {
        await sql`create table t (flag integer not null)`.execute(app.kysely);
        for (const flag of [true, false, true]) {
          await sql`insert into t (flag) values (${flag})`.execute(app.kysely);
        }
        const rows = await sql<{ flag: number }>`select flag from t order by rowid`.execute(
          app.kysely,
        );
        expect(rows.rows.map((r) => r.flag)).toEqual([1, 0, 1]);
        // A cached statement still sees a changed schema.
        const first = () =>
          sql<Record<string, unknown>>`select * from t limit 1`.execute(app.kysely);
        expect((await first()).rows[0]).toEqual({ flag: 1 });
        await sql`alter table t add column note text`.execute(app.kysely);
        expect((await first()).rows[0]).toEqual({ flag: 1, note: null });
      } finally {
        await app.close();
      }
    });
  });
}
