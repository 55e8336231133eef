import type BetterSqlite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** better-sqlite3 cannot bind JS booleans; SQLite stores them as 0/1. */
function bindable(parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  return parameters.some((p) => typeof p === 'boolean')
    ? parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p))
    : parameters;
}

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with two additions:
 * booleans are bound as 0/1 (so repositories write booleans on both
 * dialects; reads convert with `Boolean()`), and recent statements stay
 * prepared, an LRU keyed by SQL text, since Kysely prepares every statement it
 * runs and preparing costs as much as running a small indexed query. Safe:
 * Kysely runs one statement at a time per connection, and SQLite re-prepares
 * a cached statement by itself after a schema change.
 */
export function adaptSqlite(sqlite: BetterSqlite.Database, cacheSize = 512): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const prepare = (text: string): SqliteStatement => {
    const statement = sqlite.prepare(text);
    return {
      reader: statement.reader,
      all: (parameters) => statement.all(...bindable(parameters)),
      run: (parameters) => statement.run(...bindable(parameters)),
      iterate: (parameters) => statement.iterate(...bindable(parameters)),
    };
  };
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = prepare(text);
        if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}
