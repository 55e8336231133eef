import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, userWithSession } from '../../../test/auth';
import { enqueueMail } from '../../platform/mail';

/**
 * Deleting an account deletes the mail to the student at once, sent or still
 * queued (ADR 039): their sign-in links and codes do not wait for the outbox's
 * retention. Mail to others stays.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deleting an account', () => {
  it("deletes the student's queued and sent mail, to either address in any case", async () => {
    const tag = randomUUID().slice(0, 8);
    const jane = await userWithSession(t.app, {
      email: `jane-${tag}@example.com`,
      school_email: `jane-${tag}@ou.edu`,
      verified: true,
      school_verified: true,
    });
    const other = `sam-${tag}@ou.edu`;
    const queue = (to: string) =>
      enqueueMail(t.db.kysely, { to, subject: 'Your code', html: '<b>123456</b>', text: '123456' });
    const janes = [
      await queue(`jane-${tag}@example.com`),
      await queue(`Jane-${tag}@OU.edu`),
      await queue(`jane-${tag}@ou.edu`),
    ];
    await t.db.kysely
      .updateTable('mail_outbox')
      .set({ sent_at: Date.now() })
      .where('id', '=', janes[0]!)
      .execute();
    const sams = await queue(other);

    const res = await api(t.app, {
      method: 'DELETE',
      url: '/api/me',
      cookie: jane.cookie,
      payload: { password: '' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const left = await t.db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where('id', 'in', [...janes, sams])
      .execute();
    expect(left.map((r) => r.id)).toEqual([sams]);
  });
});
