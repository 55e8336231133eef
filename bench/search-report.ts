/**
 * The "Search (1M posts)" section of docs/benchmarks.md: written with the
 * whole report, or on its own into the existing file (`--only search`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load';
import { planLines } from './report';
import { MISS_REQUESTS, type SearchReport, type SearchRoute } from './search';
import { DURATION_S, root, SEARCH_CONNECTIONS, WARMUP_S } from './settings';

export const SEARCH_HEADING = '## Search (1M posts)';
const BUDGET_MS = { posts: 30, suggestions: 15, miss: 50 } as const;

const yes = (ok: boolean) => (ok ? '**met**' : '**not met**');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const ms = (r: LoadResult, key: 'p50' | 'p95' | 'p99') =>
  r.total > 0 ? `${r[key].toFixed(1)} ms` : `none finished in ${DURATION_S} s`;

const LABELS: Record<SearchRoute, string> = {
  common: 'common word',
  twoWords: 'two common words',
  rare: 'rare word',
  misspelled: 'misspelt word',
  suggestions: 'suggestions, 3 letters',
};

/** The section: how the data was made, then each database's figures, budgets and plans. */
export function searchSection(reports: SearchReport[], pgNote: string, runNote: string): string[] {
  const first = reports[0];
  if (!first) return [];
  const q = first.data.queries;
  return [
    SEARCH_HEADING,
    '',
    runNote,
    '',
    `Data: ${first.data.posts.toLocaleString('en-US')} top-level posts on one campus, written in order over a year (bench/search-corpus.ts): an opener, an item of the seed catalogue (server/src/seed/catalog.ts; items drawn with Zipf frequencies), one or two of its details, a price and a closer; half the posts name a model, a made-up word from a Zipf tail of 100,000. The data set is loaded first, then migration 0003 builds the search index over it (timed below as the index build). PostgreSQL: ${pgNote}.`,
    '',
    `Queries (chosen from the data set's own counts, on a one-in-ten sample): common word \`${q.common}\` (${pct(q.commonShare)} of posts), two common words \`${q.twoWords}\` (${pct(q.twoWordsShare)} together), rare word \`${q.rare}\` (${q.rareMatches} posts), misspelt \`${q.misspelled}\` (for \`${q.meant}\`), and suggestions for \`${q.prefix}\`. Each is \`GET /api/search/posts?q=\` (first page: the newest 200 matches ranked, 10 posts with authors and media) or \`GET /api/search/suggestions?q=\`, as a school-verified student of the campus (${SEARCH_CONNECTIONS} sessions, one per connection), each request from its own forwarded address so that the per-IP limit on search does not answer instead.`,
    '',
    `Load: autocannon, ${SEARCH_CONNECTIONS} connections, ${DURATION_S} s per query after up to ${WARMUP_S} s of sequential warm-up; latencies from every response. A word's reading (as typed, or its corrections) is remembered 30 s (search.terms.ts), so the measured requests of the misspelt query find their corrections remembered; "first request alone" is the cold one. Nothing is written while a query is measured, so after its first request the ranking and the page come from the campus cache (ADR 009: dropped by every post, delete and save of the campus; 10 s at most otherwise): these figures are a campus whose searches repeat; the cache-miss path costs about 4 ms of server time a request (ADR 009).`,
    '',
    ...reports.flatMap(databasePart),
  ];
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

function databasePart(r: SearchReport): string[] {
  const d = r.data;
  const keys = Object.keys(r.results) as SearchRoute[];
  const posts = keys.filter((k) => k !== 'suggestions');
  const worst = posts.reduce((a, b) => (r.results[b].p95 > r.results[a].p95 ? b : a));
  const worstMiss = posts.reduce((a, b) => (r.misses[b].p99 > r.misses[a].p99 ? b : a));
  return [
    `### ${r.name}`,
    '',
    `Loaded in ${d.loadSeconds.toFixed(0)} s; **index build ${d.buildSeconds.toFixed(1)} s** (migration 0003 over the ${d.posts.toLocaleString('en-US')} posts), analysed in ${d.analyzeSeconds.toFixed(1)} s; **index size ${mb(d.index.bytes)}**, ${d.vocabulary.toLocaleString('en-US')} distinct words indexed: ${d.index.parts.map((p) => `${p.name} ${mb(p.bytes)}`).join(', ')}.`,
    '',
    `Checked before timing: ${r.check}.`,
    '',
    `Other processes on this machine used ${(r.others * 100).toFixed(0)}% of its CPU while these queries were measured` +
      (r.others > 0.1 ? ' — **the machine was not quiet**.' : ' (a quiet machine).'),
    '',
    '| query | requests/s | p50 | p95 | p99 | first request alone | requests | errors / timeouts |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...keys.map((k) => {
      const x = r.results[k];
      return `| ${LABELS[k]} | ${x.rps.toFixed(0)} | ${ms(x, 'p50')} | ${ms(x, 'p95')} | ${ms(x, 'p99')} | ${r.cold[k].toFixed(1)} ms | ${x.total.toLocaleString('en-US')} | ${x.errors} / ${x.timeouts} |`;
    }),
    '',
    `The cache-miss path: each query ${MISS_REQUESTS} times in a row, one at a time, from an app with POSTS_CACHE_MS=0 (the campus cache of rankings and pages off, so every request ranks its matches and reads its page from the database; a word's reading is remembered as after a first search):`,
    '',
    '| query | p50, cache off | p99, cache off |',
    '|---|---:|---:|',
    ...keys.map((k) => `| ${LABELS[k]} | ${r.misses[k].p50} ms | ${r.misses[k].p99} ms |`),
    '',
    '| budget | measured | verdict |',
    '|---|---|---|',
    `| a search that misses the cache < ${BUDGET_MS.miss} ms over 1M posts (p99 of every query above, cache off) | worst: ${LABELS[worstMiss]}, ${r.misses[worstMiss].p99} ms | ${yes(posts.every((k) => r.misses[k].p99 < BUDGET_MS.miss))} |`,
    `| search p95 < ${BUDGET_MS.posts} ms over 1M posts (every query above) | worst: ${LABELS[worst]}, ${ms(r.results[worst], 'p95')} | ${yes(posts.every((k) => r.results[k].total > 0 && r.results[k].p95 < BUDGET_MS.posts))} |`,
    `| suggestions p95 < ${BUDGET_MS.suggestions} ms over 1M posts | ${ms(r.results.suggestions, 'p95')} | ${yes(r.results.suggestions.total > 0 && r.results.suggestions.p95 < BUDGET_MS.suggestions)} |`,
    '',
    '<details><summary>Plans of the search statements (words not yet remembered)</summary>',
    '',
    ...planLines(r.plans),
    '</details>',
    '',
  ];
}

/** Puts `lines` in place of the search section of docs/benchmarks.md (before "## Messages" when it has none). */
export const replaceSearchSection = (lines: string[]): string =>
  replaceSection(SEARCH_HEADING, lines, '## Messages');

/**
 * Puts `lines` in place of the section under `heading` in docs/benchmarks.md;
 * a file without it gets it before the `before` heading, or at its end.
 */
export function replaceSection(heading: string, lines: string[], before?: string): string {
  const out = path.join(root, 'docs/benchmarks.md');
  const text = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '# Benchmarks\n';
  const section = `${lines.join('\n')}\n`;
  const start = text.indexOf(`${heading}\n`);
  let next: string;
  if (start >= 0) {
    const end = text.indexOf('\n## ', start + heading.length);
    next = text.slice(0, start) + section + (end >= 0 ? text.slice(end + 1) : '');
  } else {
    const at = before ? text.indexOf(`\n${before}\n`) : -1;
    next =
      at >= 0
        ? `${text.slice(0, at + 1)}${section}\n${text.slice(at + 1)}`
        : `${text.trimEnd()}\n\n${section}`;
  }
  fs.writeFileSync(out, next);
  return out;
}
