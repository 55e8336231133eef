import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { Executor } from '../../db/schema';
import type { QueryTerm } from './search.text';

/** A post that matched, with what ranking needs. */
export interface Candidate {
  id: string;
  root_id: string | null;
  text: string;
  category: string | null;
  media_count: number;
  created_at: number;
}

export interface CandidateQuery {
  campusId: string;
  terms: QueryTerm[];
  /** Only posts with photos or videos (the media tab). */
  media: boolean;
  /** Only top-level posts of this category. */
  category?: string;
  limit: number;
}

/**
 * PostgreSQL: how many of a campus's newest posts a common word is looked for
 * in first, and how far that window may be widened when it held some matches
 * but not enough (about 25 ms of reading at the widest over 1M posts;
 * docs/benchmarks.md, Search).
 */
export const SEARCH_WINDOWS = { recent: 3_000, widest: 30_000 };

/** Words are letters and digits only (search.text.ts), so they need no quoting beyond this. */
const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** A term's words as typed: the indexed words it begins when named, else a prefix search. */
const typed = (t: QueryTerm) =>
  t.words ? [...new Set([t.word, ...t.words])].map(phrase) : [`${phrase(t.word)}*`];

/** An FTS5 expression: every term, each as itself, a word it begins, or a correction. */
function fts5Match(campusId: string, terms: QueryTerm[], category?: string): string {
  const each = terms.map((t) => {
    const options = [...typed(t), ...t.corrections.map(phrase)];
    return `{text category} : (${options.join(' OR ')})`;
  });
  const scope = [`campus_id : ${phrase(campusId)}`];
  if (category) scope.push(`category : ${phrase(category)}`);
  return [...scope, ...each].join(' AND ');
}

/** A tsquery in to_tsquery syntax: a prefix match per word, or one of its corrections. */
function tsQuery(terms: QueryTerm[]): string {
  return terms.map((t) => `(${[`${t.word}:*`, ...t.corrections].join(' | ')})`).join(' & ');
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The upper bound of a range of strings starting with `text` (binary order). */
const prefixEnd = (text: string) => `${text}\u{10ffff}`;

/**
 * PostgreSQL's newest matches of a campus, in two steps whose cost is bounded
 * either way (ADR 014). A common word is looked for among the campus's newest
 * posts, read in order through (campus, created_at): when those hold `limit`
 * matches they are the answer. Otherwise the word is rarer, and all its matches
 * come through the GIN index before the newest are taken (materialised, so the
 * planner cannot choose to walk the whole campus by date looking for them).
 */
async function postgresCandidates(
  db: Db,
  q: CandidateQuery,
  windows = SEARCH_WINDOWS,
): Promise<Candidate[]> {
  const ts = tsQuery(q.terms);
  const filters = sql`${q.media ? sql`and media_count > 0` : sql``}
    ${q.category ? sql`and parent_id is null and category = ${q.category}` : sql``}`;
  const newest = async (window: number) =>
    (
      await sql<Candidate>`select id, root_id, text, category, media_count, created_at
    from (select id, root_id, text, category, media_count, created_at, parent_id, search from posts
          where campus_id = ${q.campusId} order by created_at desc limit ${window}) as p
    where search @@ to_tsquery('quad', ${ts}) ${filters}
    order by created_at desc limit ${q.limit}`.execute(db.kysely)
    ).rows;
  const recent = await newest(windows.recent);
  if (recent.length >= q.limit) return recent;
  // Some matches but too few: a window sized by their share (with room to spare) most
  // likely holds `limit`, for far less than all of a common word's matches through GIN.
  // Whatever window holds `limit` matches holds the newest `limit`.
  const wider = Math.ceil((windows.recent * q.limit * 1.5) / Math.max(1, recent.length));
  if (recent.length > 0 && wider <= windows.widest) {
    const more = await newest(wider);
    if (more.length >= q.limit) return more;
  }
  const all = await sql<Candidate>`with m as materialized (
      select id, root_id, text, category, media_count, created_at, parent_id from posts
      where campus_id = ${q.campusId} and search @@ to_tsquery('quad', ${ts}))
    select id, root_id, text, category, media_count, created_at from m
    where true ${filters}
    order by created_at desc limit ${q.limit}`.execute(db.kysely);
  return all.rows;
}

/** The only SQL of search. Each call is one statement (or one short transaction). */
export const searchRepository = {
  /** The newest posts of a campus matching every term, at most `limit`. */
  async candidates(db: Db, q: CandidateQuery, windows = SEARCH_WINDOWS): Promise<Candidate[]> {
    const k = db.kysely;
    if (db.dialect !== 'sqlite') return postgresCandidates(db, q, windows);
    let query = k
      .selectFrom('posts as p')
      .select(['p.id', 'p.root_id', 'p.text', 'p.category', 'p.media_count', 'p.created_at']);
    if (q.media) query = query.where('p.media_count', '>', 0);
    if (q.category) query = query.where('p.parent_id', 'is', null);
    const match = fts5Match(q.campusId, q.terms, q.category);
    return query
      .innerJoin(sql<{ rowid: number }>`posts_search`.as('s'), (join) =>
        join.on(sql<SqlBool>`s.rowid = p.rowid`),
      )
      .where(sql<SqlBool>`posts_search match ${match}`)
      .orderBy(sql`s.rowid`, 'desc')
      .limit(q.limit)
      .execute();
  },

  /** Indexed words starting with `word` (itself included), at most `limit`, in no useful order. */
  async prefixWords(db: Db, word: string, limit: number): Promise<string[]> {
    const rows =
      db.dialect === 'sqlite'
        ? await sql<{ term: string }>`select term from posts_search_vocab
            where term >= ${word} and term < ${prefixEnd(word)} limit ${limit}`.execute(db.kysely)
        : await sql<{ term: string }>`select word as term from search_words
            where word >= ${word} and word < ${prefixEnd(word)} limit ${limit}`.execute(db.kysely);
    return rows.rows.map((r) => r.term);
  },

  /** PostgreSQL: indexed words that could be `word` misspelt, sharing trigrams (pg_trgm). */
  nearWords(db: Db, word: string, slack: number): Promise<{ term: string }[]> {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local pg_trgm.similarity_threshold = 0.2`.execute(trx);
      const rows = await sql<{ term: string }>`select word as term from search_words
        where word % ${word} and length(word) between ${word.length - slack} and ${word.length + slack}
        order by similarity(word, ${word}) desc limit 50`.execute(trx);
      return rows.rows;
    });
  },

  /** SQLite: every indexed word of this first letter with how many posts use it. */
  async wordsOfLetter(db: Db, first: string): Promise<{ term: string; uses: number }[]> {
    const next = String.fromCodePoint(first.codePointAt(0)! + 1);
    const rows = await sql<{ term: string; uses: number }>`select term, doc as uses
      from posts_search_vocab where term >= ${first} and term < ${next}`.execute(db.kysely);
    return rows.rows;
  },

  /** Indexed words starting with `prefix`, the most used first where the index knows. */
  async wordsStarting(db: Db, prefix: string, limit: number): Promise<string[]> {
    const rows =
      db.dialect === 'sqlite'
        ? await sql<{ term: string }>`select term from posts_search_vocab
            where term >= ${prefix} and term < ${prefixEnd(prefix)}
            order by doc desc limit ${limit}`.execute(db.kysely)
        : await sql<{ term: string }>`select word as term from search_words
            where word >= ${prefix} and word < ${prefixEnd(prefix)}
            order by length(word), word limit ${limit}`.execute(db.kysely);
    return rows.rows.map((r) => r.term).filter((t) => !/^\d+$/.test(t) || t === prefix);
  },

  /** Verified students of a campus whose name or username starts with `q`, one page. */
  /** Students of the campus by name, except `excludeIds` (blocked either way). */
  people(
    db: Executor,
    campusId: string,
    q: string,
    offset: number,
    limit: number,
    excludeIds: string[],
  ) {
    const prefix = likePrefix(q.toLowerCase());
    const starts = (column: string) =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${prefix} escape '\\'`;
    const full = sql<SqlBool>`lower(u.first_name || ' ' || u.last_name) like ${prefix} escape '\\'`;
    return db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.avatar_key',
        'u.school_verified',
      ])
      .where('u.campus_id', '=', campusId)
      .where('u.school_verified', '=', true)
      .$if(excludeIds.length > 0, (qb) => qb.where('u.id', 'not in', excludeIds))
      .where((eb) =>
        eb.or([starts('u.username'), starts('u.first_name'), starts('u.last_name'), full]),
      )
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('u.id')
      .offset(offset)
      .limit(limit)
      .execute();
  },
};
