import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testDialect } from './db';
import { runFaultLoop } from './fault-loop';

/**
 * kill -9 of the real server while students post with photos, comment, save and
 * message (ADR 020), a few times; the bench runs it at length on both
 * databases. Once a run of `npm test`: in the PostgreSQL tier when there is
 * one, else in the SQLite tier (ADR 035). QUAD_FAULT_KILLS and
 * QUAD_FAULT_RUN_MS make it longer by hand.
 */

let pg: TestDb | undefined;
beforeAll(async () => {
  if (testDialect === 'postgres') pg = await createTestDb();
});
afterAll(async () => {
  await pg?.close();
});

describe('kill -9 in a loop', () => {
  it('leaves no partial rows, counters equal to their rows, no orphan or .part files, and every e-mail sent', async () => {
    const runMs = Number(process.env.QUAD_FAULT_RUN_MS ?? 2500);
    const result = await runFaultLoop({
      database: pg ? { kind: 'postgres', url: pg.url } : { kind: 'sqlite' },
      kills: Number(process.env.QUAD_FAULT_KILLS ?? 3),
      runMs: [runMs / 2, runMs * 1.5],
      students: 4,
    });
    expect(result.problems).toEqual([]);
    expect(result.kills).toBeGreaterThanOrEqual(1);
    // The loop did what it says: students posted with photos, and e-mails were there to send
    // (one queued before the first kill, whatever the acts queued besides; all sent, above).
    expect(result.acts.post ?? 0).toBeGreaterThan(0);
    expect(result.acts.upload ?? 0).toBeGreaterThan(0);
    expect(result.rows.mails).toBeGreaterThan(0);
  }, 120_000);
});
