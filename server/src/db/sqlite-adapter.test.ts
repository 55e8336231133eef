import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { adaptSqlite } from './sqlite-adapter';

// Runs on SQLite whatever QUAD_TEST_DB says: the adapter is SQLite's alone.
describe('the SQLite adapter', () => {
  const sqlite = new Database(':memory:');
  const db = adaptSqlite(sqlite);
  afterEach(() => sqlite.exec('drop table if exists t'));

  it('reads rows as objects named by their columns, a later column of the same name winning', () => {
    sqlite.exec("create table t (a integer, b text); insert into t values (1, 'x'), (2, null)");
    expect(db.prepare('select * from t order by a').all([])).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: null },
    ]);
    expect(db.prepare('select a as v, b as v from t where a = ?').all([1])).toEqual([{ v: 'x' }]);
  });

  it('keeps any column name an own property, quotes and `__proto__` included', () => {
    const [row] = db
      .prepare(`select 1 as "__proto__", 2 as "it's ""quoted""", 3 as "a\\b"`)
      .all([]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.entries(row!)).toEqual([
      ['__proto__', 1],
      [`it's "quoted"`, 2],
      ['a\\b', 3],
    ]);
  });

  it('binds booleans as 0 and 1, and iterates rows as objects too', () => {
    sqlite.exec('create table t (a integer, f integer)');
    const insert = db.prepare('insert into t (a, f) values (?, ?)');
    expect(insert.reader).toBe(false);
    insert.run([1, true]);
    insert.run([2, false]);
    expect([...db.prepare('select a, f from t order by a').iterate([])]).toEqual([
      { a: 1, f: 1 },
      { a: 2, f: 0 },
    ]);
  });

  it('names a cached `select *` statement’s new column after the table gains one', () => {
    sqlite.exec('create table t (a integer); insert into t values (1)');
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    sqlite.exec("alter table t add column b text default 'new'");
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: 'new' }]);
  });
});
