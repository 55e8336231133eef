import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { buildPost, buildUser, postRow } from '../../../test/factories';
import type { ListingFilter } from '@common/schemas/posts';
import { type Cursor, type Order, postsRepository } from './posts.repository';

/**
 * The feed's statements keep to their indexes once the database has
 * statistics (ADR 031): on a campus where most posts are top-level and many
 * listings are free, as on a real one, analysed as `PRAGMA optimize` or
 * autovacuum would. Before migration 0015 SQLite's planner, misled by the
 * NULLs of `posts_parent`, fetched every top-level post and sorted them.
 */

let db: TestDb;
const DAY = 86_400_000;

beforeAll(async () => {
  db = await createTestDb();
  const author = await buildUser(db, { campus_id: 'ut' });
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < 600; i++) {
    const at = now - (600 - i) * DAY;
    const listing = i % 10 < 7;
    rows.push(
      postRow(author, {
        created_at: at,
        updated_at: at,
        price: listing ? (i % 5 === 0 ? 0 : 5 + (i % 400)) : null,
        expires_at: listing ? at + 60 * DAY : null,
      }),
    );
  }
  await db.kysely.insertInto('posts').values(rows).execute();
  const parents = rows.slice(0, 60);
  for (const parent of parents)
    await buildPost(db, author, { parent_id: parent.id, root_id: parent.id, depth: 1 });
  await sql`analyze`.execute(db.kysely);
  if (db.dialect === 'sqlite') await benchScaleStatistics();
});

/**
 * SQLite plans by `sqlite_stat1`; a test's few hundred rows do not skew it as
 * a campus's do. These are the statistics ANALYZE wrote over the bench's 100k
 * posts (docs/benchmarks.md), `posts_parent` as its definition gives them:
 * counting each NULL apart, it said "parent_id is null" meant 4 rows.
 */
async function benchScaleStatistics() {
  const parent = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where name = 'posts_parent'`
    .execute(db.kysely)
    .then((r) => r.rows[0]!.sql);
  const stats: Array<[table: string, index: string, stat: string]> = [
    ['posts', 'posts_parent', /where/i.test(parent) ? '104292 2' : '204292 4 1'],
    ['posts', 'posts_feed', '100000 100000 1 1'],
    ['posts', 'posts_ranked', '100000 100000 1 1 1'],
    ['posts', 'posts_price', '69890 69890 177 1'],
    ['posts', 'posts_price_recent', '69890 69890 177 1 1'],
    ['posts', 'posts_author', '204292 103 103 1'],
    ['posts', 'posts_root', '204292 6 1'],
    ['posts', 'posts_media', '60181 60181 20061 1 1'],
    ['posts', 'posts_category', '100000 100000 3125 1 1'],
    ['posts', 'sqlite_autoindex_posts_1', '204292 1'],
    ['users', 'users_campus_created', '2000 2000 1'],
    ['users', 'sqlite_autoindex_users_1', '2000 1'],
  ];
  await sql`delete from sqlite_stat1 where tbl in ('posts', 'users')`.execute(db.kysely);
  // better-sqlite3 builds SQLite with STAT4: its samples of the test's few rows go too.
  await sql`delete from sqlite_stat4 where tbl in ('posts', 'users')`.execute(db.kysely);
  for (const [table, idx, stat] of stats)
    await sql`insert into sqlite_stat1 (tbl, idx, stat) select ${table}, ${idx}, ${stat}
      where exists (select 1 from sqlite_schema where name = ${idx})`.execute(db.kysely);
  // Read the statistics again (ANALYZE of the schema table only reloads them).
  await sql`analyze sqlite_schema`.execute(db.kysely);
}
afterAll(() => db.close());

/** SQLite's `explain query plan`, or PostgreSQL's `explain` with scans priced out (a test table is small). */
async function planOf(query: CompiledQuery): Promise<string> {
  if (db.dialect === 'sqlite') {
    const rows = await db.kysely.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    return rows.rows.map((r) => r.detail).join('\n');
  }
  return db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      ...query,
      sql: `explain ${query.sql}`,
    });
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const feedPlan = (filter: ListingFilter, more: { cursor?: Cursor; order?: Order } = {}) =>
  planOf(
    postsRepository
      .feedQuery(db.kysely, {
        campusId: 'ut',
        limit: 16,
        order: more.order ?? (filter.sort === 'price' ? 'price' : 'recent'),
        filter,
        at: Date.now(),
        dialect: db.dialect,
        cursor: more.cursor,
      })
      .compile(),
  );

describe('the feed’s plans on an analysed database', () => {
  it.each([
    ['the feed', {}, 'posts_feed'],
    ['free only', { free: true }, 'posts_price_recent'],
    ['cheapest first', { sort: 'price' }, 'posts_price'],
  ] as const)('%s walks its index in order, without sorting', async (_name, filter, index) => {
    const plan = await feedPlan(filter as ListingFilter);
    if (db.dialect === 'sqlite') {
      expect(plan).toMatch(new RegExp(`SEARCH posts USING INDEX ${index} \\(campus_id=\\?`));
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plan).toMatch(new RegExp(`Index Scan( Backward)? using ${index} on posts`));
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});

describe('a later page of the feed', () => {
  const cursor: Cursor = { updatedAt: Date.now() - 300 * DAY, id: 'm', score: 0.5 };

  it.each([
    ['the feed', {}, 'recent', 'posts_feed', 'updated_at,id'],
    ['free only', { free: true }, 'recent', 'posts_price_recent', 'updated_at,id'],
    ['ranked', {}, 'ranked', 'posts_ranked', 'feed_score,updated_at,id'],
  ] as const)(
    '%s starts at its cursor: a range of the index, not a filter over every newer row',
    async (_name, filter, order, index, columns) => {
      const plan = await feedPlan(filter as ListingFilter, { cursor, order });
      if (db.dialect === 'sqlite') {
        expect(plan).toContain(`USING INDEX ${index} (`);
        expect(plan).toContain(`(${columns})<(`);
      } else {
        // A test's few rows may be read through a bitmap and sorted; the cursor is a bound all the same.
        expect(plan).toMatch(new RegExp(`Index Scan( Backward)? (using|on) ${index}`));
        const row = `ROW(${columns.split(',').join(', ')}) < ROW(`;
        const bounds = plan.split('\n').filter((line) => line.includes(row));
        expect(bounds.some((line) => line.includes('Index Cond:'))).toBe(true);
        expect(bounds.some((line) => line.includes('Filter:'))).toBe(false);
      }
    },
  );
});
