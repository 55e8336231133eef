/**
 * The "Mixed load" section of docs/benchmarks.md: written by `--only mixed`
 * into the existing file, in place of its earlier version.
 */
import os from 'node:os';
import {
  type CacheFigures,
  MIX,
  MIXED_DURATION_S,
  MIXED_WARMUP_S,
  type MixedReport,
  type MixedRun,
  READING_THINK_MS,
  THINK_MS,
} from './mixed';
import { replaceSection } from './search-report';

export const MIXED_HEADING = '## Mixed load (100k posts)';
const BUDGET = { feedP99: 25, overallP99: 100, students: 200, many: 2_000, ceiling: 250 };
const yes = (ok: boolean) => (ok ? '**met**' : '**not met**');

/** The section: what was run, a table per database, and the budgets. */
export function mixedSection(reports: MixedReport[], pgNote: string, runNote: string): string[] {
  const mix = Object.entries(MIX)
    .map(([action, share]) => `${action} ${share} %`)
    .join(', ');
  const lines = [
    MIXED_HEADING,
    '',
    runNote,
    '',
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; PostgreSQL: ${pgNote}.`,
    '',
    `Each virtual student has a session, an address (X-Forwarded-For behind TRUST_PROXY) and a chat of their own, and loops: an action by the mix, then ${THINK_MS} ms of think time on average (uniform from half to one and a half of it). Mix: ${mix}. "feed" reads the first page and scrolls two more (100–300 ms apart), one time in four with price filters kept while scrolling ("feed (price filter)": up to $50, $20–200, free only, or sorted by price; 70 % of the posts are listings, a fifth of them free, untouched ones leaving the feed after 60 days); "listing" uploads a photo and posts it; "save" saves or unsaves a post from the student's last feed page; "comment" answers one; "offer" makes an offer on the listing the student's chat is about and withdraws it. Students arrive spread over one mean think time; the window opens once the last has arrived (${MIXED_WARMUP_S} s of warm-up, or the think time and 2 s when longer), then ${MIXED_DURATION_S} s measured per student count (a request counts in the window it was sent in, however long it takes), the students on a thread of their own beside the server. The caches are on, as configured by default; "cache hits" is the share of in-memory cache lookups (sessions, feed pages and threads, each viewer's saves, search) answered from memory in the measured window, read from the server's /metrics. The last row runs the largest count again with ${READING_THINK_MS / 1000} s of think time: a student reading what they opened (ADR 031).`,
    '',
  ];
  for (const report of reports) {
    lines.push(`### ${report.name} (${report.posts.toLocaleString('en-US')} posts)`, '');
    lines.push(
      '| students | think | req/s | p50 | p95 | p99 | feed p99 | cache hits | 5xx | errors | 4xx |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const run of report.runs.filter((r) => r.processes === undefined))
      lines.push(
        `| ${run.students} | ${run.thinkMs / 1000} s | ${run.rps.toFixed(0)} | ${run.overall.p50} ms | ${run.overall.p95} ms | ${run.overall.p99} ms | ${run.routes.feed?.p99 ?? '–'} ms | ${hitRate(Object.values(run.caches))} | ${run.statuses['5xx']} | ${run.statuses.errors} | ${run.statuses['4xx']} |`,
      );
    lines.push('');
    const at = atBudget(report.runs);
    if (at) lines.push(...routeTable(at), '', ...cacheLines(at), '');
    lines.push(...budgets(report.runs.filter((r) => r.processes === undefined)), '');
    lines.push(...processLines(report), '');
  }
  return lines;
}

/** The PROCESS_ROWS served by the real entry point at each WEB_CONCURRENCY (`--processes`). */
function processLines(report: MixedReport): string[] {
  const runs = report.runs.filter((r) => r.processes !== undefined);
  if (!report.processesNote) return ['Processes: not measured (run with `--processes 1,2`).'];
  if (runs.length === 0) return [`Processes: ${report.processesNote}.`];
  return [
    `Processes: ${report.processesNote}; the same students, data and mix as above.`,
    '',
    '| processes | students | think | req/s | p50 | p95 | p99 | feed p99 | 5xx | errors | budget |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...runs.map((run) => {
      // 2,000 reading students within 100 ms; at 1 s of think time, within the 250 ms ceiling.
      const limit = run.thinkMs === THINK_MS ? BUDGET.ceiling : BUDGET.overallP99;
      const ok = run.overall.p99 < limit && run.statuses['5xx'] === 0;
      return `| ${run.processes} | ${run.students} | ${run.thinkMs / 1000} s | ${run.rps.toFixed(0)} | ${run.overall.p50} ms | ${run.overall.p95} ms | ${run.overall.p99} ms | ${run.routes.feed?.p99 ?? '–'} ms | ${run.statuses['5xx']} | ${run.statuses.errors} | p99 under ${limit} ms, 0 5xx: ${yes(ok)} |`;
    }),
  ];
}

function routeTable(run: MixedRun): string[] {
  return [
    `Per route at ${run.students} students:`,
    '',
    '| route | requests | p50 | p95 | p99 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...Object.entries(run.routes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, f]) => `| ${route} | ${f.count} | ${f.p50} ms | ${f.p95} ms | ${f.p99} ms |`),
  ];
}

/** Hits as a share of lookups, over the caches given. */
function hitRate(caches: CacheFigures[]): string {
  const hits = caches.reduce((n, c) => n + c.hits, 0);
  const all = caches.reduce((n, c) => n + c.hits + c.misses, 0);
  return all === 0 ? '–' : `${((100 * hits) / all).toFixed(0)} %`;
}

function cacheLines(run: MixedRun): string[] {
  const each = Object.entries(run.caches)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([cache, f]) => `${cache} ${hitRate([f])} of ${(f.hits + f.misses).toLocaleString('en-US')}`,
    );
  return [`Cache hits at ${run.students} students, by cache: ${each.join('; ')}.`];
}

const atBudget = (runs: MixedRun[]) =>
  runs.find((r) => r.students === BUDGET.students && r.thinkMs === THINK_MS);

function budgets(runs: MixedRun[]): string[] {
  const at = atBudget(runs);
  const many = runs.filter((r) => r.students === BUDGET.many);
  const under = runs.filter((r) => r.thinkMs === THINK_MS && r.overall.p99 < BUDGET.ceiling);
  const largest = under.length > 0 ? Math.max(...under.map((r) => r.students)) : 0;
  const lines: string[] = [];
  if (at) {
    lines.push(
      `- Feed p99 under ${BUDGET.feedP99} ms at ${BUDGET.students} students: ${at.routes.feed?.p99 ?? '–'} ms, ${yes((at.routes.feed?.p99 ?? Infinity) < BUDGET.feedP99)}.`,
      `- Overall p99 under ${BUDGET.overallP99} ms at ${BUDGET.students} students: ${at.overall.p99} ms, ${yes(at.overall.p99 < BUDGET.overallP99)}.`,
      `- Feed with price filters p99 under ${BUDGET.feedP99} ms at ${BUDGET.students} students: ${at.routes['feed (price filter)']?.p99 ?? '–'} ms, ${yes((at.routes['feed (price filter)']?.p99 ?? Infinity) < BUDGET.feedP99)}.`,
    );
  }
  for (const run of many)
    lines.push(
      `- ${BUDGET.many.toLocaleString('en-US')} students with ${run.thinkMs / 1000} s of think time, 0 5xx: ${run.statuses['5xx']} 5xx and ${run.statuses.errors} connection errors at ${run.rps.toFixed(0)} requests/s, p99 ${run.overall.p99} ms, ${yes(run.statuses['5xx'] === 0 && run.statuses.errors === 0)}.`,
    );
  lines.push(
    `- Largest student count measured with ${THINK_MS / 1000} s of think time whose overall p99 stays under ${BUDGET.ceiling} ms: ${largest || 'none'}.`,
  );
  return lines;
}

/** Puts `lines` in place of the mixed-load section of docs/benchmarks.md (at its end when it has none). */
export const replaceMixedSection = (lines: string[]): string =>
  replaceSection(MIXED_HEADING, lines);
