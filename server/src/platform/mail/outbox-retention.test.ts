import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api } from '../../../test/auth';
import { DEFAULT_MAX_ATTEMPTS, enqueueMail } from './outbox';

/**
 * Sent e-mail leaves the outbox after its retention (ADR 039): 24 hours by
 * default, here MAIL_RETENTION_HOURS=2. The dev mailbox reads the outbox, so it
 * shows what is left and nothing older.
 */

const HOUR = 60 * 60 * 1000;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_RETENTION_HOURS: '2' } });
});
afterAll(() => t.close());

/** A message to an address of its own, queued at `queuedAt` and then as `state` says. */
async function mail(queuedAt: number, state: Partial<{ sent_at: number; attempts: number }> = {}) {
  const to = `student-${randomUUID().slice(0, 8)}@ou.edu`;
  const id = await enqueueMail(
    t.db.kysely,
    { to, subject: 'Your sign-in link', html: '<a href="#">link</a>', text: 'link' },
    queuedAt,
  );
  if (Object.keys(state).length > 0)
    await t.db.kysely.updateTable('mail_outbox').set(state).where('id', '=', id).execute();
  return { id, to };
}

const runRetention = (at: number) =>
  api(t.app, {
    method: 'POST',
    url: '/dev/jobs/mail-retention',
    payload: { at },
    remoteAddress: '127.0.0.1',
  });

async function idsLeft(ids: string[]): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('mail_outbox')
    .select('id')
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id).sort();
}

describe('the outbox retention', () => {
  it('deletes mail sent or given up before the retention, and keeps mail still on its way', async () => {
    const now = Date.now();
    const sentLongAgo = await mail(now - 5 * HOUR, { sent_at: now - 3 * HOUR });
    const sentJustNow = await mail(now - 5 * HOUR, { sent_at: now - HOUR });
    const givenUp = await mail(now - 3 * HOUR, { attempts: DEFAULT_MAX_ATTEMPTS });
    const givenUpJustNow = await mail(now - HOUR, { attempts: DEFAULT_MAX_ATTEMPTS });
    const stillRetrying = await mail(now - 3 * HOUR, { attempts: 3 });
    const queued = await mail(now - 3 * HOUR);
    const all = [sentLongAgo, sentJustNow, givenUp, givenUpJustNow, stillRetrying, queued];

    const res = await runRetention(now);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBeGreaterThanOrEqual(2);
    expect(await idsLeft(all.map((m) => m.id))).toEqual(
      [sentJustNow, givenUpJustNow, stillRetrying, queued].map((m) => m.id).sort(),
    );

    // The dev mailbox shows what is left, and nothing of what went.
    const mailbox = async (to: string) =>
      (
        await api(t.app, {
          method: 'GET',
          url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
          remoteAddress: '127.0.0.1',
        })
      ).json<{ items: { id: string }[] }>().items;
    expect(await mailbox(sentLongAgo.to)).toEqual([]);
    expect((await mailbox(sentJustNow.to)).map((m) => m.id)).toEqual([sentJustNow.id]);

    // An hour later the rest of what was sent goes too.
    await runRetention(now + 1.5 * HOUR);
    expect(await idsLeft(all.map((m) => m.id))).toEqual(
      [stillRetrying, queued].map((m) => m.id).sort(),
    );
  });
});
