import { DOWN_MS, type Outage, type RestartsReport, RESTARTS_HEADING } from './restarts';
import { replaceSection } from './search-report';

/** Answers of the students between two moments (seconds from their start, whole seconds). */
function answers(report: RestartsReport, from: number, to: number) {
  const sum = { ok: 0, failed: 0 };
  report.timeline.forEach((second, i) => {
    if (i < Math.floor(from) || i >= Math.ceil(to)) return;
    sum.ok += second['2xx'] + second['4xx'];
    sum.failed += second['5xx'] + second.errors;
  });
  return sum;
}

const s = (n: number | null) => (n === null ? '–' : `${n.toFixed(1)} s`);

/** The window an outage counts for: from the stop to /readyz back (or the start, if it never showed). */
const outageEnd = (o: Outage) => o.readyBackAt ?? o.startedAt;

function outageRow(report: RestartsReport, o: Outage, next: number) {
  const during = answers(report, o.stoppedAt, outageEnd(o) + 1);
  const after = answers(report, outageEnd(o) + 1, next);
  const heard = report.sockets.heardAgain.find((h) => h.service === o.service);
  const sockets = heard
    ? `${heard.sockets} of ${report.sockets.count}, the last ${heard.lastAt === null ? '–' : `${(heard.lastAt - o.startedAt).toFixed(1)} s`} after the start`
    : '–';
  return `| ${o.service} | ${s(o.stoppedAt)} → ${s(o.startedAt)} | ${s(o.readyDownAt)} → ${s(o.readyBackAt)} | ${during.ok} / ${during.failed} | ${after.ok} / **${after.failed}** | ${sockets} |`;
}

/** Per second around each outage: answered / failed (5xx and connection errors). */
function timelineLines(report: RestartsReport): string[] {
  return report.outages.map((o) => {
    const from = Math.max(0, Math.floor(o.stoppedAt) - 2);
    const to = Math.min(report.timeline.length, Math.ceil(outageEnd(o)) + 4);
    const cells = [];
    for (let i = from; i < to; i++) {
      const t = report.timeline[i]!;
      cells.push(`${i} s: ${t['2xx'] + t['4xx']}/${t['5xx'] + t.errors}`);
    }
    return `- ${o.service}: ${cells.join(', ')}`;
  });
}

export function restartsSection(
  report: RestartsReport | undefined,
  note: string,
  runNote: string,
): string[] {
  if (!report) return [RESTARTS_HEADING, '', `${runNote} PostgreSQL: ${note}.`];
  const end = report.timeline.length;
  const rows = report.outages.map((o, i) =>
    outageRow(report, o, report.outages[i + 1]?.stoppedAt ?? end),
  );
  const afterFailures = report.outages.reduce(
    (n, o, i) =>
      n + answers(report, outageEnd(o) + 1, report.outages[i + 1]?.stoppedAt ?? end).failed,
    0,
  );
  const everyReady = report.outages.every((o) => o.readyDownAt !== null && o.readyBackAt !== null);
  const everySocket = report.sockets.heardAgain.every((h) => h.sockets === report.sockets.count);
  const verdict = (ok: boolean) => (ok ? '**met**' : '**not met**');
  return [
    RESTARTS_HEADING,
    '',
    `${runNote} PostgreSQL: ${note}; Redis on this machine, the app's bus and rate limits on it.`,
    '',
    `${report.students} students of the mixed load (1 s think time) on ${report.name} over 100k posts, and ${report.sockets.count} live sockets that reconnect a second after a close, as the web client does. PostgreSQL (\`pg_ctlcluster … stop\`, then \`start\`) and then Redis (\`redis-cli shutdown nosave\`, then its init script) are each down for ${(DOWN_MS / 1000).toFixed(0)} s; the server process runs throughout. /readyz is asked every 250 ms. Times are seconds from the students' start.`,
    '',
    '| service | stopped → started | /readyz not ready → ready | answered / failed while down | answered / failed after, until the next restart or the end | sockets hearing new posts again |',
    '|---|---|---|---:|---:|---|',
    ...rows,
    '',
    'Answers per second around each restart (answered / failed):',
    '',
    ...timelineLines(report),
    '',
    `Socket closes: ${
      Object.entries(report.sockets.closes)
        .map(([code, n]) => `${n} × ${code}`)
        .join(', ') || 'none'
    } (4503: events were lost while Redis was away; reconnect and refetch); ${report.sockets.opened} opens in all.`,
    '',
    `- The API recovers without a process restart: ${verdict(report.serverUp && afterFailures === 0)} (${afterFailures} failed answers after /readyz was back).`,
    `- /readyz reports each outage while it lasts: ${verdict(everyReady)}.`,
    `- Live sockets reconnect and hear new posts again: ${verdict(everySocket)}.`,
    ...(report.failures.length > 0
      ? [
          '',
          'First failures seen:',
          '',
          ...report.failures.slice(0, 6).map((f) => `- \`${f.replace(/`/g, "'")}\``),
        ]
      : []),
  ];
}

export const replaceRestartsSection = (lines: string[]): string =>
  replaceSection(RESTARTS_HEADING, lines);
