import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Most statement texts named at once; a statement beyond them runs unnamed, as before. */
const MOST_NAMED = 500;

/** Statements that may be kept: queries and the transaction's own. */
const KEPT = /^\s*(select|insert|update|delete|with|begin|commit|rollback)\b/i;

/** Statements that change the schema: a kept statement may no longer fit it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate)\b/i;

/** PostgreSQL's refusal to run a kept statement whose rows changed shape (another server migrated). */
const isStale = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: unknown }).code === '0A000' &&
  error.message.startsWith('cached plan must not change result type');

/**
 * The pool's connections, each running a statement under a name of its text
 * (ADR 033): PostgreSQL parses it once per connection and keeps its plan
 * (after five runs, a generic one when that costs no more), where an unnamed
 * statement is parsed and planned on every run. Under the mixed load planning
 * took a quarter of PostgreSQL's time.
 *
 * Kysely writes the same text for the same query shape (values are
 * parameters), so a few hundred names cover the app; an IN list of another
 * length is another text. A schema change starts new names, so a statement
 * kept before it never runs against the new schema. A change made elsewhere
 * (another server's migration) is met once: the statement fails, new names
 * start, and outside a transaction the statement runs again under its new one.
 */
export function namedStatements(pool: pg.Pool): PostgresPool {
  let generation = 0;
  let names = new Map<string, string>();
  const forget = () => {
    generation++;
    names = new Map();
  };
  const nameOf = (text: string): string | undefined => {
    // A statement named already is found first: the hot path is one map lookup.
    const known = names.get(text);
    if (known !== undefined) return known;
    if (SCHEMA_CHANGE.test(text)) {
      forget();
      return undefined;
    }
    if (!KEPT.test(text) || names.size >= MOST_NAMED) return undefined;
    const name = `quad_${generation}_${names.size}`;
    names.set(text, name);
    return name;
  };

  // Kysely knows a connection by its client object: each pg client keeps one wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    const run = (sql: string, values: unknown[]) => {
      const name = nameOf(sql);
      return name === undefined
        ? client.query(sql, values)
        : client.query({ name, text: sql, values });
    };
    const query = async (sql: string, parameters: ReadonlyArray<unknown> = []) => {
      const values = [...parameters];
      if (/^\s*begin\b/i.test(sql)) inTransaction = true;
      else if (/^\s*(commit|rollback)\b/i.test(sql)) inTransaction = false;
      try {
        return await run(sql, values);
      } catch (error) {
        if (!isStale(error)) throw error;
        forget();
        // In a transaction the failure stands (PostgreSQL aborted it); alone, the statement runs again.
        if (inTransaction) throw error;
        return run(sql, values);
      }
    };
    // Kysely passes a cursor only when the dialect is given one to stream with; Quad's is not.
    const wrapper = { query, release: () => client.release() } as unknown as PostgresPoolClient;
    wrappers.set(client, wrapper);
    return wrapper;
  };

  return {
    async connect() {
      const client = await pool.connect();
      return wrappers.get(client) ?? wrap(client);
    },
    end: () => pool.end(),
  };
}
