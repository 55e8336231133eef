import { PROFILE_MESSAGES } from '@common/schemas/profiles';
import { POST_MESSAGES } from '@common/schemas/posts';
import { CHAT_MESSAGES } from '@common/schemas/chats';
import { REPORT_MESSAGES as M } from '@common/schemas/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { expectError } from '../../../test/expect';

/** Reports of posts, comments, messages and students (ADR 019), on each database. */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
const school = { verified: true, school_verified: true, campus_id: 'ut' };

beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ut', '198.23');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { ...school, ...overrides });

async function created(who: Student, url: string, payload: object): Promise<string> {
  const res = await call(who, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const report = (who: Student, targetType: string, targetId: string, reason = 'Looks like spam') =>
  call(who, 'POST', '/api/reports', { targetType, targetId, reason });

const stored = () =>
  t.db.kysely
    .selectFrom('reports')
    .select(['reporter_id', 'target_user_id', 'target_post_id', 'target_message_id', 'reason'])
    .execute();

describe('reporting', () => {
  it('stores a post, a comment, a message and a student once per reporter, with its alert', async () => {
    const [seller, buyer] = [await student(), await student()];
    const postId = await created(seller, '/api/posts', { text: 'Mini fridge, $40' });
    const commentId = await created(seller, '/api/posts', { text: 'Still here', parentId: postId });
    const chatId = (await call(buyer, 'POST', '/api/chats', { userId: seller.user.id })).json().chat
      .id;
    const messageId = await created(seller, `/api/chats/${chatId}/messages`, { text: 'Hi' });
    const before = (await stored()).length;

    for (const [type, id] of [
      ['post', postId],
      ['comment', commentId],
      ['message', messageId],
      ['user', seller.user.id],
    ] as const) {
      const res = await report(buyer, type, id);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ message: M.reported[type] });
      // A second report of the same thing changes nothing.
      expect((await report(buyer, type, id, 'again')).statusCode).toBe(201);
    }
    expect(M.reported.user).toBe(PROFILE_MESSAGES.userReported);
    const rows = (await stored()).slice(before);
    expect(rows).toHaveLength(4);
    expect(
      rows.every((r) => r.reporter_id === buyer.user.id && r.reason === 'Looks like spam'),
    ).toBe(true);
    expect(rows.map((r) => [r.target_post_id, r.target_message_id, r.target_user_id])).toEqual(
      expect.arrayContaining([
        [postId, null, null],
        [commentId, null, null],
        [null, messageId, null],
        [null, null, seller.user.id],
      ]),
    );
  });

  it('refuses one’s own post, message and self, storing nothing', async () => {
    const [a, b] = [await student(), await student()];
    const postId = await created(a, '/api/posts', { text: 'Desk lamp' });
    const chatId = (await call(a, 'POST', '/api/chats', { userId: b.user.id })).json().chat.id;
    const messageId = await created(a, `/api/chats/${chatId}/messages`, { text: 'Hello' });
    const before = (await stored()).length;
    expectError(await report(a, 'post', postId), 400, M.ownContent);
    expectError(await report(a, 'message', messageId), 400, M.ownContent);
    expectError(await report(a, 'user', a.user.id), 400, PROFILE_MESSAGES.notYourself);
    expect(await stored()).toHaveLength(before);
  });

  it('answers 404 for what the reporter cannot see, or the wrong kind', async () => {
    const [a, b, stranger] = [await student(), await student(), await student()];
    const outsider = await student({ campus_id: 'ou' });
    const postId = await created(a, '/api/posts', { text: 'Bike' });
    const chatId = (await call(a, 'POST', '/api/chats', { userId: b.user.id })).json().chat.id;
    const messageId = await created(a, `/api/chats/${chatId}/messages`, { text: 'Hey' });
    const before = (await stored()).length;
    expectError(await report(stranger, 'message', messageId), 404, CHAT_MESSAGES.missingChat);
    expectError(await report(b, 'comment', postId), 404, POST_MESSAGES.postDeletedMissing);
    expectError(await report(b, 'post', 'no-such-post'), 404, POST_MESSAGES.postDeletedMissing);
    expectError(await report(b, 'user', outsider.user.id), 404, M.userNotFound);
    expect(await stored()).toHaveLength(before);
  });

  it('keeps reasons to 500 characters and lets guests report nothing', async () => {
    const [a, b] = [await student(), await student()];
    const postId = await created(a, '/api/posts', { text: 'Chair' });
    const long = await report(b, 'post', postId, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(PROFILE_MESSAGES.reportTooLong);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { host: 'ut.localhost:3000', origin: 'http://ut.localhost:3000' },
      payload: { targetType: 'post', targetId: postId, reason: '' },
    });
    expect(guest.statusCode).toBe(401);
  });
});
