/**
 * `npm run bench` (docs/benchmarks.md): a large data set on one campus, the
 * real app listening on loopback, and autocannon against a bare route, the feed
 * and a 200-comment thread; on SQLite and, when one answers, on PostgreSQL.
 * Then search over a million posts (search.ts). Then messages: delivery to the
 * other participant's socket on one server and two (Redis), and the memory of
 * 5,000 idle sockets (messages.ts). Then the web budgets: the initial
 * JavaScript of a fresh build, and Lighthouse (mobile) on the OU feed over the
 * demo data. Writes docs/benchmarks.md. A benchmark, never a test: `npm test`
 * does not run it.
 *
 * `npm run bench -- --only search` runs the search part alone and replaces
 * only its section of docs/benchmarks.md; `--only mixed` likewise. `--only
 * faults` runs the kill -9 loop of `npm test` at length (faults.ts,
 * QUAD_FAULT_KILLS kills, 20 by default) and writes its section; `--only
 * restarts` restarts this machine's PostgreSQL and Redis under load
 * (restarts.ts) and writes its section. `--only cpu` measures the server's
 * CPU time per request of the cached thread and feed per kind of reader
 * (cpu.ts), with `--cpu-prof DIR` writing their CPU profiles to DIR; it also
 * compares the cached feed with the log at `warn` and at `info` (ADR 062),
 * and with `--processes 1,2` runs the real entry point at each
 * WEB_CONCURRENCY (Redis at BENCH_REDIS_URL, by default this machine's);
 * `--processes` also adds the mixed load's PROCESS_ROWS served so (mixed.ts);
 * with BENCH_PROFILE_DIR set, every entry-point process writes its CPU
 * profile there when it stops (entry-point.ts); with KEEP_BENCH_DB set, the
 * PostgreSQL scratch database is kept for `explain` after the run (its name is
 * in `select datname from pg_database`; drop it by hand).
 * Every section notes the machine's load average at its start and end
 * (load-average.ts); a failed Lighthouse run is reported, not fatal.
 *
 * The parts: data.ts (the data set), database.ts (one database's run),
 * load.ts (autocannon), plans.ts (query plans), search*.ts (search),
 * web.ts (the web budgets), report.ts (the Markdown) and settings.ts (the
 * knobs they share).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchCpu, cpuSection } from './cpu';
import { loadNote, section } from './load-average';
import { benchDatabase, benchPostgres, type DbReport } from './database';
import { benchFaults, faultsSection, replaceFaultsSection } from './faults';
import { benchMessages, type MessagesReport } from './messages';
import { benchMixed } from './mixed';
import { benchRestarts } from './restarts';
import { replaceRestartsSection, restartsSection } from './restarts-report';
import { mixedSection, replaceMixedSection } from './mixed-report';
import { webSection, writeReport } from './report';
import { benchSearch } from './search';
import { replaceSearchSection, replaceSection, searchSection } from './search-report';
import { root } from './settings';
import { initialJavaScript, lighthouseFeed, type LighthouseReport, type WebReport } from './web';

const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : undefined;

/** The search part alone: its section of docs/benchmarks.md, dated, the rest kept. */
async function searchOnly(scratch: string): Promise<void> {
  const started = Date.now();
  const { reports, pgNote } = await section('search', () => benchSearch(scratch));
  const seconds = (Date.now() - started) / 1000;
  const note = `Measured ${new Date().toISOString()} by \`npm run bench -- --only search\` (${seconds.toFixed(0)} s), on the machine described above; the rest of this file comes from an earlier full run. ${loadNote('search')}`;
  const out = replaceSearchSection(searchSection(reports, pgNote, note));
  console.log(
    `\nWrote the search section of ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`,
  );
}

/** `--processes 1,2`: the WEB_CONCURRENCY values to measure the real entry point at (ADR 062). */
function processCounts(): number[] {
  return process.argv.includes('--processes')
    ? (process.argv[process.argv.indexOf('--processes') + 1] ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= 1)
    : [];
}

/** The mixed load alone (ADR 031): its section of docs/benchmarks.md, the rest kept. */
async function mixedOnly(scratch: string): Promise<void> {
  const started = Date.now();
  const { reports, pgNote } = await section('mixed', () => benchMixed(scratch, processCounts()));
  const seconds = (Date.now() - started) / 1000;
  const note = `Measured ${new Date().toISOString()} by \`npm run bench -- --only mixed\` (${seconds.toFixed(0)} s). ${loadNote('mixed')}`;
  const out = replaceMixedSection(mixedSection(reports, pgNote, note));
  console.log(
    `\nWrote the mixed-load section of ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`,
  );
}

/** The crash loop at length (ADR 020): its section of docs/benchmarks.md. */
async function faultsOnly(): Promise<void> {
  const started = Date.now();
  const { reports, pgNote } = await section('faults', () => benchFaults());
  const seconds = (Date.now() - started) / 1000;
  const note = `Measured ${new Date().toISOString()} by \`npm run bench -- --only faults\` (${seconds.toFixed(0)} s). ${loadNote('faults')}`;
  const out = replaceFaultsSection(faultsSection(reports, pgNote, note));
  console.log(
    `\nWrote the crash section of ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`,
  );
  if (reports.some((r) => r.result.problems.length > 0)) process.exitCode = 1;
}

/**
 * PostgreSQL and Redis restarted under load (ADR 032): never part of the full
 * run, as it stops this machine's services for a few seconds.
 */
async function restartsOnly(scratch: string): Promise<void> {
  const started = Date.now();
  const { report, note } = await section('restarts', () => benchRestarts(scratch));
  const seconds = (Date.now() - started) / 1000;
  const runNote = `Measured ${new Date().toISOString()} by \`npm run bench -- --only restarts\` (${seconds.toFixed(0)} s). ${loadNote('restarts')}`;
  const out = replaceRestartsSection(restartsSection(report, note, runNote));
  console.log(
    `\nWrote the restarts section of ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`,
  );
}

/** The web budgets alone (initial JavaScript, Lighthouse on the feed): their section, the rest kept. */
async function webOnly(scratch: string): Promise<void> {
  const started = Date.now();
  const web = await section('web', () => initialJavaScript(path.join(scratch, 'build')));
  const lh = await section('lighthouse', () =>
    lighthouseFeed(path.join(scratch, 'build', 'web'), path.join(scratch, 'lighthouse')),
  );
  const seconds = (Date.now() - started) / 1000;
  const note = `Measured ${new Date().toISOString()} by \`npm run bench -- --only web\` (${seconds.toFixed(0)} s). ${loadNote('lighthouse')} Lighthouse's total blocking time is measured on the real main thread: a busy machine lowers the score.`;
  const out = replaceSection('## Web', webSection(web, lh, note), '## Mixed load (100k posts)');
  console.log(`\nWrote the web section of ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`);
}

/** The server's CPU per request alone (cpu.ts): its section of docs/benchmarks.md, the rest kept. */
async function cpuOnly(scratch: string): Promise<void> {
  const started = Date.now();
  const flag = process.argv.indexOf('--cpu-prof');
  const profiles = flag >= 0 ? path.resolve(process.argv[flag + 1] ?? 'cpu-profiles') : undefined;
  const counts = processCounts();
  const report = await section('cpu', () => benchCpu(scratch, profiles, counts));
  const seconds = (Date.now() - started) / 1000;
  const note = `Measured ${new Date().toISOString()} by \`npm run bench -- --only cpu\` (${seconds.toFixed(0)} s). ${loadNote('cpu')} Other processes' CPU does not count in these figures, but a busy machine still slows caches and the scheduler.`;
  const out = replaceSection(
    '## Server CPU per request',
    cpuSection(report, note, profiles !== undefined),
    '## Search (1M posts)',
  );
  console.log(`\nWrote the CPU section of ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`);
}

async function main(): Promise<void> {
  if (only === 'faults') return faultsOnly();
  const started = Date.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-bench-'));
  const alone = {
    search: searchOnly,
    mixed: mixedOnly,
    web: webOnly,
    restarts: restartsOnly,
    cpu: cpuOnly,
  }[only ?? ''];
  if (alone) {
    try {
      return await alone(scratch);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  if (only)
    throw new Error(
      `--only ${only}: only "search", "mixed", "web", "faults", "restarts" and "cpu" can run alone`,
    );
  const reports: DbReport[] = [];
  let pgNote = 'not measured';
  let web: WebReport;
  let lh: LighthouseReport;
  let messages: MessagesReport;
  let search: string[];
  let mixed: string[];
  try {
    web = await section('web', () => initialJavaScript(path.join(scratch, 'build')));
    console.log(`initial JavaScript: ${web.total} bytes gzipped`);
    lh = await section('lighthouse', () =>
      lighthouseFeed(path.join(scratch, 'build', 'web'), path.join(scratch, 'lighthouse')),
    );
    reports.push(
      await section('SQLite', () =>
        benchDatabase(
          'SQLite',
          'sqlite',
          path.join(scratch, 'bench.db'),
          path.join(scratch, 'sqlite'),
        ),
      ),
    );
    const postgres = await section('PostgreSQL', () => benchPostgres(path.join(scratch, 'pg')));
    pgNote = postgres.note;
    if (postgres.report) reports.push(postgres.report);
    const searchStarted = Date.now();
    const found = await section('search', () => benchSearch(scratch));
    const searchSeconds = (Date.now() - searchStarted) / 1000;
    search = searchSection(
      found.reports,
      found.pgNote,
      `Part of this full run (${searchSeconds.toFixed(0)} s of it). ${loadNote('search')}`,
    );
    messages = await section('messages', () => benchMessages(path.join(scratch, 'messages')));
    const mixedStarted = Date.now();
    const mixedFound = await section('mixed', () => benchMixed(scratch, processCounts()));
    mixed = mixedSection(
      mixedFound.reports,
      mixedFound.pgNote,
      `Part of this full run (${((Date.now() - mixedStarted) / 1000).toFixed(0)} s of it). ${loadNote('mixed')}`,
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  const out = writeReport(reports, web, lh, pgNote, seconds, messages, search);
  replaceMixedSection(mixed);
  console.log(`\nWrote ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`);
}

await main();
