/**
 * The machine's 1-minute load average at the start and end of each section of
 * a run: a figure measured while something else kept the cores busy reads
 * lower than the code deserves, and the report says when that was so.
 */
import os from 'node:os';

export interface SectionLoad {
  section: string;
  start: number;
  end: number;
}

const measured: SectionLoad[] = [];

/** Runs one section, noting the load average before and after it. */
export async function section<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const start = os.loadavg()[0]!;
  console.log(`\n-- ${name} (load average ${start.toFixed(2)})`);
  try {
    return await run();
  } finally {
    const end = os.loadavg()[0]!;
    measured.push({ section: name, start, end });
    console.log(`-- ${name} done (load average ${end.toFixed(2)})`);
  }
}

/** The sentence for a section's note: its load average at its start and end. */
export function loadNote(name: string): string {
  const found = measured.findLast((m) => m.section === name);
  if (!found) return '';
  return `The machine's 1-minute load average was ${found.start.toFixed(2)} when this section began and ${found.end.toFixed(2)} when it ended (${os.availableParallelism()} cores).`;
}

/** Every section's load average, as a table for the report's header. */
export function loadTable(): string[] {
  if (measured.length === 0) return [];
  return [
    `The machine's 1-minute load average at the start and end of each section (${os.availableParallelism()} cores; above that count, something else was competing for the CPU):`,
    '',
    '| section | load at start | load at end |',
    '|---|---:|---:|',
    ...measured.map((m) => `| ${m.section} | ${m.start.toFixed(2)} | ${m.end.toFixed(2)} |`),
    '',
  ];
}
