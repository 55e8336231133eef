import { randomUUID } from 'node:crypto';
import type { ModerationItem } from '@common/schemas/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';

/**
 * A student who verifies another school's e-mail moves campus (ADR 040):
 * their own posts stay theirs, and what they reported stays with the campus
 * of what they reported.
 */

const MOD_OU = `mod-${randomUUID().slice(0, 8)}@ou.edu`;
const MOD_UT = `mod-${randomUUID().slice(0, 8)}@utexas.edu`;

let t: TestContext;
let onOu: ReturnType<typeof callerOn>;
let onUt: ReturnType<typeof callerOn>;

beforeAll(async () => {
  t = await createTestApp({ env: { MODERATORS: `ou:${MOD_OU};ut:${MOD_UT}` } });
  onOu = callerOn(t.app, 'ou', '198.75');
  onUt = callerOn(t.app, 'ut', '198.76');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (campus: 'ou' | 'ut', email = `s-${randomUUID().slice(0, 12)}@example.com`) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: campus, email });

/** Verifies a UT school e-mail through the real pages: the student now studies at UT. */
async function moveToUt(who: Student) {
  const schoolEmail = `mover${randomUUID().slice(0, 8)}@utexas.edu`;
  const sent = await onUt(who, 'POST', '/api/me/school-email', { schoolEmail });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await t.db.kysely
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_address', '=', schoolEmail)
    .executeTakeFirstOrThrow();
  const code = mail.subject.slice(0, 4);
  const verified = await onUt(who, 'POST', '/api/verification/verify', {
    code,
    email: schoolEmail,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json().viewer.campusId).toBe('ut');
}

async function created(call: typeof onOu, who: Student, url: string, payload: object) {
  const res = await call(who, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const profilePosts = async (call: typeof onOu, who: Student, username: string) =>
  (await call(who, 'GET', `/api/users/${username}/posts?tab=posts`))
    .json()
    .items.map((i: { id: string }) => i.id);

describe('after a campus change', () => {
  it("a student's own posts stay theirs: listed on their profile, opened, marked sold and deleted", async () => {
    const mover = await student('ou');
    const lamp = await created(onOu, mover, '/api/posts', { text: 'Desk lamp', price: 15 });
    const desk = await created(onOu, mover, '/api/posts', { text: 'Desk', price: 60 });
    await moveToUt(mover);
    const classmate = await student('ut');

    expect(await profilePosts(onUt, mover, mover.user.username)).toEqual([desk, lamp]);
    expect((await onUt(mover, 'GET', `/api/posts/${lamp}`)).statusCode).toBe(200);

    const sold = await onUt(mover, 'PATCH', `/api/posts/${lamp}`, { status: 'sold' });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().status).toBe('sold');
    const deleted = await onUt(mover, 'DELETE', `/api/posts/${desk}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.db.kysely.selectFrom('posts').where('id', '=', desk).selectAll().execute(),
    ).toEqual([]);

    // Still OU's posts: nobody at UT reads them, the mover no longer posts under them.
    expect((await onUt(classmate, 'GET', `/api/posts/${lamp}`)).statusCode).toBe(404);
    expect(await profilePosts(onUt, classmate, mover.user.username)).toEqual([]);
    const reply = await onUt(mover, 'POST', '/api/posts', { text: 'Still here?', parentId: lamp });
    expect(reply.statusCode).toBe(404);
  });

  it("another student's post of the old campus stays out of reach", async () => {
    const seller = await student('ou');
    const mover = await student('ou');
    const lamp = await created(onOu, seller, '/api/posts', { text: 'Lamp', price: 10 });
    await moveToUt(mover);
    expect((await onUt(mover, 'GET', `/api/posts/${lamp}`)).statusCode).toBe(404);
    expect((await onUt(mover, 'DELETE', `/api/posts/${lamp}`)).statusCode).toBe(404);
    const sold = await onUt(mover, 'PATCH', `/api/posts/${lamp}`, { status: 'sold' });
    expect(sold.statusCode).toBe(404);
  });

  it('a report belongs to the campus of what it reports, not the reporter’s new one', async () => {
    const [modOu, modUt] = [await student('ou', MOD_OU), await student('ut', MOD_UT)];
    const seller = await student('ou');
    const mover = await student('ou');
    const chat = (await onOu(mover, 'POST', '/api/chats', { userId: seller.user.id })).json().chat;
    const message = await created(onOu, seller, `/api/chats/${chat.id}/messages`, {
      text: 'Pay me in gift cards',
    });
    await moveToUt(mover);

    const res = await onUt(mover, 'POST', '/api/reports', {
      targetType: 'message',
      targetId: message,
      reason: 'Scam',
    });
    expect(res.statusCode, res.body).toBe(201);
    const queue = async (call: typeof onOu, mod: Student) =>
      (await call(mod, 'GET', '/api/moderation/reports'))
        .json<{ items: ModerationItem[] }>()
        .items.map((i) => i.targetId);
    expect(await queue(onOu, modOu)).toContain(message);
    expect(await queue(onUt, modUt)).not.toContain(message);

    const done = await onOu(modOu, 'POST', '/api/moderation/actions', {
      targetType: 'message',
      targetId: message,
      action: 'dismiss',
      reason: 'Checked',
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});
