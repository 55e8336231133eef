/**
 * `npm run bench` (DESIGN §13): a large data set on one campus, the real app
 * listening on loopback, and autocannon against a bare route, the feed and a
 * 200-comment thread; on SQLite and, when one answers, on PostgreSQL. Then
 * messages: delivery to the other participant's socket on one server and two
 * (Redis), and the memory of 5,000 idle sockets (messages.ts). Then
 * the web budgets: the initial JavaScript of a fresh build, and Lighthouse
 * (mobile) on the OU feed over the demo data. Writes docs/benchmarks.md. A benchmark, never a test: `npm test` does not run it.
 *
 * The parts: data.ts (the data set), database.ts (one database's run),
 * load.ts (autocannon), plans.ts (query plans), web.ts (the web budgets),
 * report.ts (the Markdown) and settings.ts (the knobs they share).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, benchPostgres, type DbReport } from './database';
import { benchMessages, type MessagesReport } from './messages';
import { writeReport } from './report';
import { root } from './settings';
import { initialJavaScript, lighthouseFeed, type LighthouseReport, type WebReport } from './web';

async function main(): Promise<void> {
  const started = Date.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-bench-'));
  const reports: DbReport[] = [];
  let pgNote = 'not measured';
  let web: WebReport;
  let lh: LighthouseReport;
  let messages: MessagesReport;
  try {
    web = initialJavaScript(path.join(scratch, 'build'));
    console.log(`initial JavaScript: ${web.total} bytes gzipped`);
    lh = await lighthouseFeed(path.join(scratch, 'build', 'web'), path.join(scratch, 'lighthouse'));
    reports.push(
      await benchDatabase(
        'SQLite',
        'sqlite',
        path.join(scratch, 'bench.db'),
        path.join(scratch, 'sqlite'),
      ),
    );
    const postgres = await benchPostgres(path.join(scratch, 'pg'));
    pgNote = postgres.note;
    if (postgres.report) reports.push(postgres.report);
    messages = await benchMessages(path.join(scratch, 'messages'));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  const out = writeReport(reports, web, lh, pgNote, seconds, messages);
  console.log(`\nWrote ${path.relative(root, out)} in ${seconds.toFixed(0)} s.`);
}

await main();
