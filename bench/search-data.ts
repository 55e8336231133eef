/**
 * The search bench's data set: a million listings on one campus
 * (search-corpus.ts), loaded before the search index exists, then migration
 * 0003 run over them, timed: the index build a campus's existing posts would
 * take. Then the index's size on disk.
 */
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../server/src/db/kysely';
import { migrateToLatest, migrateUpTo } from '../server/src/db/migrate';
import { feedScore } from '../server/src/modules/posts/posts.service';
import { insertAll, makeUsers } from './data';
import { createCorpus, type SearchQueries } from './search-corpus';
import { CAMPUS, SEARCH_CONNECTIONS } from './settings';

const AUTHORS = 1_000;
const CHUNK = 10_000;
const SPAN_MS = 365 * 86_400_000;

export interface SearchData {
  posts: number;
  loadSeconds: number;
  /** Migration 0003 over the loaded posts: the search index built from scratch. */
  buildSeconds: number;
  analyzeSeconds: number;
  /** The search index on disk, in all and by part. */
  index: { bytes: number; parts: Array<{ name: string; bytes: number }> };
  /** Distinct words in the index (fts5vocab rows; rows of search_words). */
  vocabulary: number;
  queries: SearchQueries;
  viewers: string[];
}

/**
 * User rows with only the columns the users table has at this point of the
 * migrations: the rows are built for the latest schema (users.rows.ts), and
 * the later migrations fill the rest with their defaults.
 */
async function asOfNow<T extends object>(db: Db, rows: T[]): Promise<T[]> {
  const tables = await db.kysely.introspection.getTables();
  const columns = new Set(tables.find((t) => t.name === 'users')?.columns.map((c) => c.name));
  return rows.map(
    (row) => Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k))) as T,
  );
}

/** Loads `total` listings, builds the search index over them and measures it. */
export async function buildSearchData(db: Db, total: number): Promise<SearchData> {
  await migrateUpTo(db, '0002-oauth-states');
  await dropOldSearch(db);
  const now = Date.now();
  const users = makeUsers(now, AUTHORS);
  await insertAll(db, 'users', await asOfNow(db, users));
  const corpus = createCorpus(total);
  let started = Date.now();
  for (let from = 0; from < total; from += CHUNK) {
    const rows = [];
    for (let i = from; i < Math.min(total, from + CHUNK); i++) {
      const at = now - SPAN_MS + Math.floor((i / total) * SPAN_MS);
      const { text, category } = corpus.post(i);
      rows.push({ id: uuidv7(), author: users[(i * 7919) % AUTHORS]!.id, text, category, at });
    }
    await insertPosts(db, rows);
    if ((from / CHUNK) % 20 === 19)
      console.log(`  ${(from + CHUNK).toLocaleString('en-US')} posts`);
  }
  const loadSeconds = (Date.now() - started) / 1000;
  started = Date.now();
  await migrateUpTo(db, '0003-search');
  const buildSeconds = (Date.now() - started) / 1000;
  await migrateToLatest(db);
  started = Date.now();
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
  return {
    posts: total,
    loadSeconds,
    buildSeconds,
    analyzeSeconds: (Date.now() - started) / 1000,
    index: await indexSize(db),
    vocabulary: await vocabularySize(db),
    queries: corpus.queries(),
    viewers: users.slice(0, SEARCH_CONNECTIONS).map((u) => u.id),
  };
}

/** The search structures of migration 0001, which 0003 replaces: gone before the load. */
async function dropOldSearch(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') {
    for (const name of ['posts_fts_insert', 'posts_fts_update', 'posts_fts_delete'])
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db.kysely);
    return;
  }
  await sql`drop index if exists posts_search`.execute(db.kysely);
  await sql`alter table posts drop column if exists search`.execute(db.kysely);
}

interface PostDraft {
  id: string;
  author: string;
  text: string;
  category: string;
  at: number;
}

/** One chunk of top-level posts: multi-row INSERTs in one transaction on SQLite, one unnest INSERT on PostgreSQL. */
async function insertPosts(db: Db, rows: PostDraft[]): Promise<void> {
  if (db.dialect === 'postgres') {
    const column = <T>(f: (r: PostDraft) => T) => rows.map(f);
    await sql`insert into posts (id, campus_id, author_id, depth, text, category, media_count,
        like_count, comment_count, feed_score, created_at, updated_at)
      select id, ${CAMPUS}, author_id, 0, text, category, 0, 0, 0, feed_score, at, at
      from unnest(${column((r) => r.id)}::text[], ${column((r) => r.author)}::text[],
        ${column((r) => r.text)}::text[], ${column((r) => r.category)}::text[],
        ${column((r) => feedScore(0, 0, r.at))}::float8[], ${column((r) => r.at)}::bigint[])
        as t(id, author_id, text, category, feed_score, at)`.execute(db.kysely);
    return;
  }
  await insertAll(
    db,
    'posts',
    rows.map((r) => ({
      id: r.id,
      campus_id: CAMPUS,
      author_id: r.author,
      depth: 0,
      text: r.text,
      category: r.category,
      media_count: 0,
      like_count: 0,
      comment_count: 0,
      feed_score: feedScore(0, 0, r.at),
      created_at: r.at,
      updated_at: r.at,
    })),
  );
}

/** The search index's bytes: FTS5's shadow tables (dbstat); the tsvector column and the search indexes and table on PostgreSQL. */
async function indexSize(db: Db): Promise<SearchData['index']> {
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat
          where name like 'posts_search%' group by name order by bytes desc`.execute(db.kysely)
      : await sql<{ name: string; bytes: number }>`
          select 'posts.search (tsvector column)' as name, sum(pg_column_size(search))::bigint as bytes from posts
          union all select 'posts_search (GIN)', pg_relation_size('posts_search')
          union all select 'posts_campus_created (btree)', pg_relation_size('posts_campus_created')
          union all select 'search_words (table, key)', pg_relation_size('search_words') + pg_relation_size('search_words_pkey')
          union all select 'search_words_trgm (GIN)', pg_relation_size('search_words_trgm')`.execute(
          db.kysely,
        );
  const parts = rows.rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) }));
  return { bytes: parts.reduce((n, p) => n + p.bytes, 0), parts };
}

async function vocabularySize(db: Db): Promise<number> {
  const row =
    db.dialect === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from posts_search_vocab`.execute(db.kysely)
      : await sql<{ n: number }>`select count(*) as n from search_words`.execute(db.kysely);
  return Number(row.rows[0]!.n);
}
