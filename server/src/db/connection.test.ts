import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testDialect } from '../../test/db';
import { loadConfig } from '../config';
import { isDatabaseUnreachable, openDatabase } from './kysely';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

if (testDialect === 'postgres') {
  describe('PostgreSQL connections', () => {
    // The README's one-box setting (ADR 031): the socket's folder, percent-encoded, as the host.
    // Run wherever the server is on this machine (always in CI); a laptop whose PostgreSQL
    // runs elsewhere has no socket to try.
    const socketDir = '/var/run/postgresql';
    const local = fs.existsSync(path.join(socketDir, '.s.PGSQL.5432'));
    it.skipIf(!local && process.env.CI !== 'true')(
      'open through the Unix socket when DATABASE_URL names its folder as the host',
      async () => {
        const url = new URL(db.url);
        const socketUrl = `postgres://${url.username}@${encodeURIComponent(socketDir)}${url.pathname}`;
        const config = loadConfig({ DATABASE_URL: socketUrl });
        expect(config.database).toEqual({ kind: 'postgres', url: socketUrl });
        const app = openDatabase(config.database);
        try {
          const { rows } = await sql<{
            addr: string | null;
            db: string;
          }>`select inet_client_addr()::text as addr, current_database() as db`.execute(app.kysely);
          // No client address: the connection came through the socket, not TCP.
          expect(rows[0]).toEqual({ addr: null, db: url.pathname.slice(1) });
        } finally {
          await app.close();
        }
      },
    );

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

    it('survive the server ending a connection in use: its query fails as unreachable, the next gets a new one (ADR 021)', async () => {
      const app = openDatabase({ kind: 'postgres', url: db.url });
      try {
        const { pid } = (
          await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(app.kysely)
        ).rows[0]!;
        const running = sql`select pg_sleep(5)`.execute(app.kysely).then(
          () => null,
          (error: unknown) => error,
        );
        await new Promise((r) => setTimeout(r, 100));
        await sql`select pg_terminate_backend(${pid})`.execute(db.kysely);
        const error = await running;
        expect(isDatabaseUnreachable(error)).toBe(true);
        // The pool takes the connection back before its socket closes; once it has, it is dropped.
        await new Promise((r) => setTimeout(r, 100));
        const again = await sql<{ one: number }>`select 1 as one`.execute(app.kysely);
        expect(again.rows[0]!.one).toBe(1);
      } finally {
        await app.close();
      }
    });
  });

  describe('PostgreSQL statements', () => {
    it('are parsed once per connection under a name, and a schema change starts new names (ADR 033)', async () => {
      const app = openDatabase({ kind: 'postgres', url: db.url });
      try {
        // One connection for the whole test: what it keeps is what the next statement meets.
        await app.kysely.connection().execute(async (conn) => {
          await sql`create table t (flag boolean not null)`.execute(conn);
          for (const flag of [true, false, true])
            await sql`insert into t (flag) values (${flag})`.execute(conn);
          const kept = async () =>
            (
              await sql<{
                statement: string;
              }>`select statement from pg_prepared_statements order by prepare_time`.execute(conn)
            ).rows.map((r) => r.statement);
          // The insert ran three times under one name.
          expect((await kept()).filter((s) => s.startsWith('insert into t'))).toHaveLength(1);

          const first = () => sql<Record<string, unknown>>`select * from t limit 1`.execute(conn);
          expect((await first()).rows[0]).toEqual({ flag: true });
          await sql`alter table t add column note text`.execute(conn);
          // The kept plan of `select *` no longer fits the table: a new name parses it again.
          expect((await first()).rows[0]).toEqual({ flag: true, note: null });
          expect((await kept()).filter((s) => s === 'select * from t limit 1')).toHaveLength(2);
        });
      } finally {
        await app.close();
      }
    });

    it('meet another server’s schema change once: the statement runs again under a new name', async () => {
      const [mine, theirs] = [1, 2].map(() => openDatabase({ kind: 'postgres', url: db.url }));
      try {
        await sql`create table u (flag boolean not null)`.execute(theirs!.kysely);
        await sql`insert into u (flag) values (true)`.execute(theirs!.kysely);
        const first = () =>
          sql<Record<string, unknown>>`select * from u limit 1`.execute(mine!.kysely);
        expect((await first()).rows[0]).toEqual({ flag: true });
        // Another server migrates: this one's kept statement no longer fits.
        await sql`alter table u add column note text`.execute(theirs!.kysely);
        expect((await first()).rows[0]).toEqual({ flag: true, note: null });
        // Inside a transaction the failure stands (PostgreSQL aborted it), and the next one works.
        await sql`alter table u add column price integer`.execute(theirs!.kysely);
        await expect(
          mine!.kysely.transaction().execute((trx) => sql`select * from u limit 1`.execute(trx)),
        ).rejects.toThrow('cached plan must not change result type');
        expect((await first()).rows[0]).toEqual({ flag: true, note: null, price: null });
      } finally {
        await mine!.close();
        await theirs!.close();
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

describe('an unreachable database', () => {
  it('is told apart from a statement the database refused', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const error of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(isDatabaseUnreachable(error), error.message).toBe(true);
    for (const error of [
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      new Error('no such table: posts'),
      'ECONNRESET',
    ])
      expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
