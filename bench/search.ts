/**
 * Search at a million posts (ADR 009): per database, the data set of
 * search-data.ts, the real app on loopback, a check of its answers, the plans
 * of the search statements, then autocannon at 20 connections on a common word,
 * two common words, a rare word, a misspelt word and the suggestions for three
 * letters typed.
 */
import path from 'node:path';
import { openDatabase } from '../server/src/db/kysely';
import { benchPostgres, serve, signIn, type Target, targetOf } from './database';
import { type Client, forwarded, get, type LoadResult, measureRoutes } from './load';
import { explainSearch, type Plan, type SearchRequest } from './plans';
import { buildSearchData, type SearchData } from './search-data';
import { SEARCH_CONNECTIONS, SEARCH_POSTS } from './settings';

export type SearchRoute = 'common' | 'twoWords' | 'rare' | 'misspelled' | 'suggestions';

export interface SearchReport {
  name: string;
  data: SearchData;
  /** What each route asks, as requested. */
  paths: Record<SearchRoute, string>;
  results: Record<SearchRoute, LoadResult>;
  /** The first request of each, alone: the words' readings not yet remembered. */
  cold: Record<SearchRoute, number>;
  /** Each query asked MISS_REQUESTS times in a row with the campus cache off: every one a miss. */
  misses: Record<SearchRoute, { p50: number; p99: number }>;
  check: string;
  plans: Plan[];
  others: number;
}

/** SQLite, then PostgreSQL when one answers. */
export async function benchSearch(
  scratch: string,
): Promise<{ reports: SearchReport[]; pgNote: string }> {
  const reports = [
    await benchSearchDatabase(
      'SQLite',
      'sqlite',
      path.join(scratch, 'search.db'),
      path.join(scratch, 'search-sqlite'),
    ),
  ];
  const postgres = await benchPostgres(path.join(scratch, 'search-pg'), (name, url) =>
    benchSearchDatabase(name, 'postgres', url, path.join(scratch, 'search-pg')),
  );
  if (postgres.report) reports.push(postgres.report);
  return { reports, pgNote: postgres.note };
}

async function benchSearchDatabase(
  name: string,
  kind: 'sqlite' | 'postgres',
  target: string,
  dataDir: string,
): Promise<SearchReport> {
  console.log(`\n== Search, ${name}: ${SEARCH_POSTS.toLocaleString('en-US')} posts ==`);
  const db = openDatabase(kind === 'sqlite' ? { kind, file: target } : { kind, url: target });
  try {
    const data = await buildSearchData(db, SEARCH_POSTS);
    console.log(
      `loaded in ${data.loadSeconds.toFixed(1)} s; index built in ${data.buildSeconds.toFixed(1)} s, ${(data.index.bytes / 1e6).toFixed(0)} MB; queries ${JSON.stringify(data.queries)}`,
    );
    const under = targetOf(kind, target, dataDir, db);
    const client = await signIn(db, data.viewers);
    const paths = searchPaths(data);
    const plans = await explainSearch(kind, target, under.storage, data.viewers[0]!, [
      ...requestsOf(data),
    ]);
    // Every request says it comes from its own address: the per-IP limit on search stays out of the way.
    const { app, base } = await serve(under, { TRUST_PROXY: 'on' });
    // Closed before the miss path is measured on an app of its own.
    let closed = false;
    try {
      const { check, cold } = await checkAnswers(base, client, data, paths);
      const measured = await measureRoutes(base, client, paths, {
        connections: SEARCH_CONNECTIONS,
        distinctIps: true,
      });
      await app.close();
      closed = true;
      const misses = await measureMisses(under, client, paths);
      return { name, data, paths, check, cold, misses, plans, ...measured };
    } finally {
      if (!closed) await app.close();
    }
  } finally {
    await db.close();
  }
}

/** How many times in a row each query is asked with the campus cache off. */
export const MISS_REQUESTS = 50;

/**
 * The cache-miss path: the same queries, one at a time, against the app with
 * POSTS_CACHE_MS=0 (the campus cache of rankings and pages off; a word's
 * reading is still remembered, as it would be after a student's first search),
 * so every request ranks the matches and reads its page from the database.
 */
async function measureMisses(
  under: Target,
  client: Client,
  paths: Record<SearchRoute, string>,
): Promise<Record<SearchRoute, { p50: number; p99: number }>> {
  const { app, base } = await serve(under, { TRUST_PROXY: 'on', POSTS_CACHE_MS: '0' });
  try {
    const misses = {} as Record<SearchRoute, { p50: number; p99: number }>;
    for (const [key, p] of Object.entries(paths) as Array<[SearchRoute, string]>) {
      const times: number[] = [];
      for (let i = 0; i < MISS_REQUESTS; i++) {
        const started = process.hrtime.bigint();
        await get(base, p, forwarded(client.headers));
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => Math.round(10 * times[Math.floor(q * (times.length - 1))]!) / 10;
      misses[key] = { p50: at(0.5), p99: at(0.99) };
      console.log(`${key}, cache off: p50 ${misses[key].p50} ms, p99 ${misses[key].p99} ms`);
    }
    return misses;
  } finally {
    await app.close();
  }
}

function searchPaths({ queries: q }: SearchData): Record<SearchRoute, string> {
  const posts = (text: string) => `/api/search/posts?q=${encodeURIComponent(text)}`;
  return {
    common: posts(q.common),
    twoWords: posts(q.twoWords),
    rare: posts(q.rare),
    misspelled: posts(q.misspelled),
    suggestions: `/api/search/suggestions?q=${encodeURIComponent(q.prefix)}`,
  };
}

function requestsOf({ queries: q }: SearchData): SearchRequest[] {
  return [
    { title: `common word "${q.common}"`, kind: 'posts', q: q.common },
    { title: `two common words "${q.twoWords}"`, kind: 'posts', q: q.twoWords },
    { title: `rare word "${q.rare}"`, kind: 'posts', q: q.rare },
    { title: `misspelt "${q.misspelled}"`, kind: 'posts', q: q.misspelled },
    { title: `suggestions for "${q.prefix}"`, kind: 'suggestions', q: q.prefix },
  ];
}

interface Results {
  items: unknown[];
  nextCursor: string | null;
  terms?: string[];
}

/** Each query's first answer, timed alone, and checked for what the data set promises. */
async function checkAnswers(
  base: string,
  { headers }: Client,
  { queries: q }: SearchData,
  paths: Record<SearchRoute, string>,
): Promise<{ check: string; cold: Record<SearchRoute, number> }> {
  const cold = {} as Record<SearchRoute, number>;
  const answers = {} as Record<SearchRoute, Results>;
  for (const [key, p] of Object.entries(paths) as Array<[SearchRoute, string]>) {
    const started = process.hrtime.bigint();
    answers[key] = (await get(base, p, forwarded(headers))) as Results;
    cold[key] = Number(process.hrtime.bigint() - started) / 1e6;
  }
  const problems = [
    answers.common.items.length === 10 && answers.common.nextCursor
      ? ''
      : 'common: not a full page',
    answers.twoWords.items.length === 10 ? '' : 'two words: not a full page',
    answers.rare.items.length === Math.min(10, q.rareMatches) ? '' : 'rare: wrong count',
    answers.misspelled.items.length > 0 && answers.misspelled.terms?.includes(q.meant)
      ? ''
      : `misspelt: "${q.meant}" not found`,
    answers.suggestions.items.length > 0 ? '' : 'suggestions: none',
  ].filter(Boolean);
  const check =
    `"${q.common}": ${answers.common.items.length} results and a next page; "${q.twoWords}": ${answers.twoWords.items.length}; ` +
    `"${q.rare}": ${answers.rare.items.length} (of ${q.rareMatches} posts); "${q.misspelled}" read as "${q.meant}": ${answers.misspelled.items.length}; ` +
    `suggestions for "${q.prefix}": ${(answers.suggestions.items as Array<{ text: string }>).map((s) => s.text).join(', ')}`;
  console.log(check);
  if (problems.length > 0) throw new Error(`unexpected answers: ${problems.join('; ')}`);
  return { check, cold };
}
