/**
 * Search at a million posts (ADR 009): per database, the data set of
 * search-data.ts, the real app on loopback, a check of its answers, the plans
 * of the search statements, then autocannon at 20 connections on a common word,
 * two common words, a rare word, a misspelt word and the suggestions for three
 * letters typed.
 */
import path from 'node:path';
import { openDatabase } from '../server/src/db/kysely';
import { benchPostgres, serve, signIn, targetOf } from './database';
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
    try {
      const { check, cold } = await checkAnswers(base, client, data, paths);
      const measured = await measureRoutes(base, client, paths, {
        connections: SEARCH_CONNECTIONS,
        distinctIps: true,
      });
      return { name, data, paths, check, cold, plans, ...measured };
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
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
