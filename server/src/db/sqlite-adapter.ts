import type BetterSqlite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** better-sqlite3 cannot bind JS booleans; SQLite stores them as 0/1. */
function bindable(parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  return parameters.some((p) => typeof p === 'boolean')
    ? parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p))
    : parameters;
}

const columnNames = (statement: BetterSqlite.Statement) => statement.columns().map((c) => c.name);

/**
 * A statement's row as an object literal over its array of values, compiled
 * once per statement (as fast-json-stringify compiles serialisers): every
 * row then has one shape from birth, where objects filled one computed key
 * at a time fall into V8's slow dictionary mode past a few dozen columns.
 * Keys are JSON-quoted column names; `__proto__` as a computed key is an own
 * property, never the prototype. Later columns of the same name win.
 */
function rowMaker(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const fields = names.map((name, i) => {
    const key = JSON.stringify(name);
    return `${name === '__proto__' ? `[${key}]` : key}: v[${i}]`;
  });
  return new Function('v', `return {${fields.join(', ')}};`) as (
    values: unknown[],
  ) => Record<string, unknown>;
}

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with three additions:
 * booleans are bound as 0/1 (so repositories write booleans on both
 * dialects; reads convert with `Boolean()`), and recent statements stay
 * prepared, an LRU keyed by SQL text, since Kysely prepares every statement it
 * runs and preparing costs as much as running a small indexed query. Safe:
 * Kysely runs one statement at a time per connection, and SQLite re-prepares
 * a cached statement by itself after a schema change. Rows are read as
 * arrays and made objects here (`rowMaker`): better-sqlite3 sets each column
 * of a row object from native code, which costs twice as much as the whole
 * read of a 200-comment thread in arrays plus a compiled object literal
 * (docs/benchmarks.md, "Server CPU per request"). Later columns of the same
 * name win, as in better-sqlite3's own objects.
 */
export function adaptSqlite(sqlite: BetterSqlite.Database, cacheSize = 512): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const prepare = (text: string): SqliteStatement => {
    const statement = sqlite.prepare(text);
    if (!statement.reader)
      return {
        reader: false,
        all: (parameters) => statement.all(...bindable(parameters)),
        run: (parameters) => statement.run(...bindable(parameters)),
        iterate: (parameters) => statement.iterate(...bindable(parameters)),
      };
    statement.raw(true);
    let names = columnNames(statement);
    let make = rowMaker(names);
    const asObject = (values: unknown[]): Record<string, unknown> => {
      // A schema change re-prepares the statement, and `select *` may then have more columns.
      if (values.length !== names.length) make = rowMaker((names = columnNames(statement)));
      return make(values);
    };
    return {
      reader: true,
      all: (parameters) => (statement.all(...bindable(parameters)) as unknown[][]).map(asObject),
      run: (parameters) => statement.run(...bindable(parameters)),
      *iterate(parameters) {
        for (const values of statement.iterate(...bindable(parameters)) as Iterable<unknown[]>)
          yield asObject(values);
      },
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
