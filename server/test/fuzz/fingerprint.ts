import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/kysely';

/**
 * Columns a refused request may write by design: failed sign-ins and wrong
 * codes are counted on the account (the lockout, ADR 041), whatever the answer.
 */
const COUNTED_REFUSALS = new Set([
  'failed_logins',
  'failed_login_window_start',
  'locked_until',
  'code_failures',
  'code_failure_window_start',
]);

const tableLists = new WeakMap<Db['kysely'], Promise<string[]>>();

/** The tables of the data model, read once per database (introspection is slow on PostgreSQL). */
function tablesOf(db: Db): Promise<string[]> {
  let tables = tableLists.get(db.kysely);
  if (!tables) {
    tables = db.kysely.introspection.getTables().then((all) =>
      all
        .filter((t) => !t.isView && !t.name.startsWith('kysely_'))
        .map((t) => t.name)
        .sort(),
    );
    tableLists.set(db.kysely, tables);
  }
  return tables;
}

/**
 * A cheap picture of the whole database: the row count of every table and a
 * hash of the users and posts rows. Equal before and after a request means the
 * request changed nothing a student could notice.
 */
export async function fingerprint(db: Db): Promise<string> {
  const tables = await tablesOf(db);
  const counts = sql.join(
    tables.map((t) => sql`select ${t} as t, count(*) as n from ${sql.table(t)}`),
    sql` union all `,
  );
  const { rows } = await sql<{ t: string; n: number }>`${counts}`.execute(db.kysely);
  const hash = createHash('sha256');
  for (const table of ['users', 'posts'] as const) {
    const all = await db.kysely.selectFrom(table).selectAll().orderBy('id').execute();
    for (const row of all)
      hash.update(JSON.stringify(row, (k, v) => (COUNTED_REFUSALS.has(k) ? undefined : v)));
  }
  const byTable = rows.map((r) => `${r.t}=${Number(r.n)}`).join(' ');
  return `${byTable} ${hash.digest('hex')}`;
}
