/**
 * Query plans: every statement one feed request and one thread request run,
 * with SQLite's `EXPLAIN QUERY PLAN` or PostgreSQL's `EXPLAIN ANALYZE`.
 */
import { CAMPUSES } from '@common/campuses';
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type Db } from '../server/src/db/kysely';
import type { Database, UserRow } from '../server/src/db/schema';
import { adaptSqlite } from '../server/src/db/sqlite-adapter';
import { createViewerSaves } from '../server/src/modules/likes/likes.service';
import { createPostsService } from '../server/src/modules/posts/posts.service';
import { createSearchService } from '../server/src/modules/search/search.service';
import { createMemoryBus } from '../server/src/platform/bus/memory-bus';
import type { BlobStore } from '../server/src/platform/storage/blob-store';
import type { DataSet } from './data';
import { CAMPUS } from './settings';

export interface Plan {
  title: string;
  sql: string;
  plan: string;
}

/** The plan of every statement of one feed request and one thread request, run as the first viewer. */
export async function explainRequests(
  kind: 'sqlite' | 'postgres',
  target: string,
  db: Db,
  storage: BlobStore,
  data: DataSet,
): Promise<Plan[]> {
  const plans: Plan[] = [];
  const captured: CompiledQuery[] = [];
  const capture = capturingDb(kind, target, captured);
  try {
    const viewer = (await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', data.viewers[0]!)
      .executeTakeFirstOrThrow()) as UserRow;
    const service = createPostsService({
      db: capture.db,
      storage,
      bus: createMemoryBus(),
      saves: createViewerSaves(capture.db),
    });
    await service.feed(viewer, CAMPUSES[CAMPUS], {});
    const feedQueries = captured.splice(0);
    await service.postPage(viewer, CAMPUSES[CAMPUS], data.threadId);
    const threadQueries = captured.splice(0);
    for (const [label, list] of [
      ['GET /api/feed', feedQueries],
      ['GET /api/posts/:id', threadQueries],
    ] as const) {
      for (const [i, q] of list.entries())
        plans.push({
          title: `${label}, query ${i + 1} of ${list.length}`,
          sql: q.sql,
          plan: await capture.explain(q),
        });
    }
  } finally {
    await capture.db.close();
  }
  return plans;
}

/** A search request to explain: results of `q`, or suggestions while typing `q`. */
export interface SearchRequest {
  title: string;
  kind: 'posts' | 'suggestions';
  q: string;
}

/**
 * The plan of every search statement (the index, its vocabulary) one request
 * runs for each of `requests`, as `viewerId`, with the words' readings not yet
 * remembered (a fresh service per request).
 */
export async function explainSearch(
  kind: 'sqlite' | 'postgres',
  target: string,
  storage: BlobStore,
  viewerId: string,
  requests: SearchRequest[],
): Promise<Plan[]> {
  const plans: Plan[] = [];
  const captured: CompiledQuery[] = [];
  const capture = capturingDb(kind, target, captured);
  try {
    const viewer = (await capture.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', viewerId)
      .executeTakeFirstOrThrow()) as UserRow;
    const campus = CAMPUSES[CAMPUS];
    for (const request of requests) {
      const posts = createPostsService({
        db: capture.db,
        storage,
        bus: createMemoryBus(),
        saves: createViewerSaves(capture.db),
      });
      const search = createSearchService({ db: capture.db, storage, posts });
      captured.splice(0);
      if (request.kind === 'posts') await search.posts(viewer, campus, { q: request.q });
      else await search.suggestions(viewer, campus, request.q);
      const statements = captured
        .splice(0)
        .filter((q) => /^\s*select/i.test(q.sql) && /posts_search|search_words|@@/.test(q.sql));
      for (const [i, q] of statements.entries())
        plans.push({
          title: `${request.title}, search statement ${i + 1} of ${statements.length}`,
          sql: q.sql,
          plan: await capture.explain(q),
        });
    }
  } finally {
    await capture.db.close();
  }
  return plans;
}

/** Full scans of a table in a plan: a query that reads every post cannot stay fast at 100k posts. */
export function fullScans(plan: string): string[] {
  const found = new Set<string>();
  for (const m of plan.matchAll(/^\s*SCAN (\w+)(?! USING COVERING)/gm))
    if (['posts', 'users', 'likes', 'post_media'].includes(m[1]!)) found.add(m[1]!);
  for (const m of plan.matchAll(/Seq Scan on (\w+)/g)) found.add(m[1]!);
  return [...found];
}

/** A Kysely on the same database that records every statement it runs. */
function capturingDb(
  kind: 'sqlite' | 'postgres',
  target: string,
  captured: CompiledQuery[],
): { db: Db; explain(q: CompiledQuery): Promise<string> } {
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  if (kind === 'sqlite') {
    const raw = new SqliteDatabase(target, { readonly: true });
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: adaptSqlite(raw) }),
      log,
    });
    return {
      db: { kysely, dialect: 'sqlite', close: () => kysely.destroy() },
      explain: async (q) => explainSqlite(raw, q),
    };
  }
  const pool = new pg.Pool({ connectionString: target, max: 2 });
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db: { kysely, dialect: 'postgres', close: () => kysely.destroy() },
    async explain(q) {
      const result = await pool.query(
        `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) ${q.sql}`,
        q.parameters as unknown[],
      );
      return (result.rows as Array<Record<string, string>>)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    },
  };
}

/** SQLite's plan as an indented tree, with the statement's time on its own. */
function explainSqlite(raw: SqliteDatabase.Database, q: CompiledQuery): string {
  const rows = raw.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...sqliteParams(q)) as Array<{
    id: number;
    parent: number;
    detail: string;
  }>;
  const depth = new Map<number, number>([[0, 0]]);
  return rows
    .map((row) => {
      const d = (depth.get(row.parent) ?? 0) + 1;
      depth.set(row.id, d);
      return `${'  '.repeat(d - 1)}${row.detail}`;
    })
    .concat(`-- statement alone: ${timeSqlite(raw, q)} ms mean of 20 runs`)
    .join('\n');
}

/** A statement's parameters as SQLite binds them (booleans as 0/1, as the app's adapter does). */
const sqliteParams = (q: CompiledQuery): unknown[] =>
  q.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p));

function timeSqlite(raw: SqliteDatabase.Database, q: CompiledQuery): string {
  const stmt = raw.prepare(q.sql);
  const params = sqliteParams(q);
  stmt.all(...params);
  const start = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) stmt.all(...params);
  return (Number(process.hrtime.bigint() - start) / 1e6 / 20).toFixed(2);
}
