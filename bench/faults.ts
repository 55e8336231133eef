import os from 'node:os';
import { type FaultLoopResult, runFaultLoop } from '../server/test/fault-loop';
import { benchPostgres } from './database';
import { replaceSection } from './search-report';

/**
 * The crash loop of `npm test` at length (ADR 020): the real server killed with
 * SIGKILL QUAD_FAULT_KILLS times (20 by default) while students post with
 * photos, comment, save and message, on SQLite and PostgreSQL.
 */
export const FAULTS_HEADING = '## Crashes (kill -9 in a loop)';

interface FaultsReport {
  name: string;
  result: FaultLoopResult;
  seconds: number;
}

export async function benchFaults(): Promise<{ reports: FaultsReport[]; pgNote: string }> {
  const kills = Number(process.env.QUAD_FAULT_KILLS ?? 20);
  const runMs: [number, number] = [1000, 4000];
  const run = async (name: string, database: Parameters<typeof runFaultLoop>[0]['database']) => {
    const started = Date.now();
    console.log(`${name}: ${kills} kills`);
    const result = await runFaultLoop({
      database,
      kills,
      runMs,
      students: 8,
      log: (line) => console.log(`  ${line}`),
    });
    return { name, result, seconds: (Date.now() - started) / 1000 };
  };
  const reports = [await run('SQLite', { kind: 'sqlite' })];
  const postgres = await benchPostgres('', (name, url) => run(name, { kind: 'postgres', url }));
  if (postgres.report) reports.push(postgres.report);
  return { reports, pgNote: postgres.note };
}

export function faultsSection(reports: FaultsReport[], pgNote: string, runNote: string): string[] {
  const row = ({ name, result: r, seconds }: FaultsReport) => {
    const acts = ['upload', 'post', 'comment', 'save', 'message']
      .map((a) => r.acts[a] ?? 0)
      .join(' / ');
    const restart = [...r.restartMs].sort((a, b) => a - b);
    const median = restart[Math.floor(restart.length / 2)] ?? 0;
    return `| ${name} | ${r.kills} | ${seconds.toFixed(0)} s | ${acts} | ${r.orphansSwept} / ${r.partsSwept} / ${r.tempSwept} | ${r.rows.mails} (${r.mailsAfterLease} after a lease) | ${median} ms | ${r.problems.length === 0 ? 'none' : r.problems.length} |`;
  };
  const problems = reports.flatMap((r) =>
    r.result.problems.slice(0, 5).map((p) => `- ${r.name}: ${p}`),
  );
  return [
    FAULTS_HEADING,
    '',
    `${runNote} ${os.cpus().length} cores. PostgreSQL: ${pgNote}.`,
    '',
    'The server (`node --import tsx server/src/main.ts`, one process) is killed with SIGKILL after 1 to 4 s of 8 students',
    'uploading photos, posting, commenting, saving and messaging, then checked while down and',
    "started again. Checked after every kill: no comment on a missing post, every media row's",
    'files on disk, media, save, comment and post counters equal to their rows; after the sweep',
    '(as it runs at start once its hour has passed) no orphan file and no `.part` file; at the',
    'end every queued e-mail sent.',
    '',
    '| database | kills | took | acts answered (upload / post / comment / save / message) | swept orphans / .part / upload temp | e-mails | restart to ready (median) | broken invariants |',
    '|---|---|---|---|---|---|---|---|',
    ...reports.map(row),
    ...(problems.length > 0 ? ['', ...problems] : []),
  ];
}

export const replaceFaultsSection = (lines: string[]): string =>
  replaceSection(FAULTS_HEADING, lines);
