// `npm test`: every test tier (docs/testing.md). Under CI=true nothing may be
// skipped: a missing PostgreSQL, Redis or Chromium fails the run. CI (or
// QUAD_NODE24=1) also runs the SQLite tier on Node 24 (ADR 035). The summary
// says how long each part took.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root, run } from './lib.mjs';

const ci = process.env.CI === 'true';
const node24 = ci || process.env.QUAD_NODE24 === '1';
const extraArgs = process.argv.slice(2);
await ensureDependencies();

/** Seconds each part took, in order: .ci/run's own parts first (QUAD_CI_TIMES). */
const times = (process.env.QUAD_CI_TIMES ?? '')
  .split(' ')
  .filter(Boolean)
  .map((entry) => entry.split('='))
  .map(([name, seconds]) => ({ name, seconds: Number(seconds) }));
async function timed(name, work) {
  const started = performance.now();
  try {
    return await work();
  } finally {
    times.push({ name, seconds: Math.round((performance.now() - started) / 100) / 10 });
  }
}

const { serviceStatus } = await import('./services.mjs');
const services = await serviceStatus();
const tiers = [];
let failed = false;

async function tier(name, args, env = {}, node = process.execPath) {
  const out = path.join(root, '.tmp', `vitest-${tiers.length}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.rmSync(out, { force: true });
  console.log(`\n━━ ${name} ━━`);
  const code = await run(
    node,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
      ...extraArgs,
    ],
    { env: { ...process.env, ...env } },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  let failures = [];
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
    failures = failuresOf(report);
  }
  if (code !== 0 && counts.failed === 0) counts.failed = 1; // a crash or a failed file counts
  if (ci && counts.skipped > 0) {
    console.error(`${name}: ${counts.skipped} test(s) skipped, which CI does not allow.`);
    failed = true;
  }
  if (code !== 0) failed = true;
  tiers.push({ name, ...counts, failures });
}

// Each failed test or file with the first line of its error, so the summary
// at the end of a long log says what broke.
function failuresOf(report) {
  const list = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) list.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages)}`);
    if (tests.length === 0 && file.status === 'failed')
      list.push(`${where}: ${firstLine([file.message])}`);
  }
  return list;
}

function firstLine(messages) {
  const text = (messages ?? []).find(Boolean) ?? '';
  return (
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function missing(name, why) {
  console.log(`\n━━ ${name} ━━\nnot run: ${why}`);
  if (ci) {
    console.error(`CI=true requires this tier: ${why}`);
    failed = true;
  }
  tiers.push({ name, passed: 0, failed: ci ? 1 : 0, skipped: 0, note: `not run: ${why}` });
}

const sqliteEnv = {
  QUAD_TEST_DB: 'sqlite',
  QUAD_TEST_REDIS: services.redis ?? '',
  // The kill -9 loop runs once a run: in the PostgreSQL tier when there is one.
  QUAD_FAULT_LOOP: services.postgres ? 'elsewhere' : '',
};
await timed('SQLite', () =>
  tier('unit + integration (SQLite)', ['--config', 'vitest.config.ts'], sqliteEnv),
);

if (services.postgres) {
  await timed('PostgreSQL', () =>
    tier('integration (PostgreSQL)', ['--config', 'vitest.config.ts', '--project', 'server'], {
      QUAD_TEST_DB: 'postgres',
      TEST_DATABASE_URL: services.postgres,
      QUAD_TEST_REDIS: services.redis ?? '',
    }),
  );
} else {
  missing(
    'integration (PostgreSQL)',
    'no PostgreSQL answered (set TEST_DATABASE_URL or run one on 127.0.0.1:5432)',
  );
}

if (services.chromium) {
  await timed('build', () => ensureBuilt());
  await timed('end-to-end', () =>
    tier('end-to-end (Chromium)', ['--config', 'e2e/vitest.config.ts'], {
      CHROMIUM_PATH: services.chromium,
    }),
  );
} else {
  missing(
    'end-to-end (Chromium)',
    'no Chromium found (install the chromium package or set CHROMIUM_PATH)',
  );
}

if (node24) {
  // Every process of the tier, servers spawned by tests included, loads the addon built for 24.
  const { ensureNode24, NODE24_VERSION } = await import('./node24.mjs');
  const node = await timed('Node 24 setup', () => ensureNode24());
  const hooks = path.join(root, 'scripts', 'node24-hooks.mjs');
  await timed('SQLite on Node 24', () =>
    tier(
      `unit + integration (SQLite, Node ${NODE24_VERSION})`,
      ['--config', 'vitest.config.ts'],
      { ...sqliteEnv, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${hooks}`.trim() },
      node,
    ),
  );
}

console.log('\n━━ Summary ━━');
for (const t of tiers) {
  console.log(
    `${t.name.padEnd(32)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped${t.note ? ` (${t.note})` : ''}`,
  );
  for (const f of t.failures ?? []) console.log(`  ✗ ${f}`);
}
const total = tiers.reduce(
  (a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed }),
  { passed: 0, failed: 0 },
);
console.log(`${total.passed} passed, ${total.failed} failed`);
console.log('\n━━ Time ━━');
for (const t of times) console.log(`${t.name.padEnd(32)} ${t.seconds.toFixed(1).padStart(6)} s`);
const seconds = times.reduce((sum, t) => sum + t.seconds, 0);
console.log(`${'in all'.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s`);
process.exit(failed || total.failed > 0 ? 1 : 0);
