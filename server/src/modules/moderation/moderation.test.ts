import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES } from '@common/messages';
import { MODERATION_MESSAGES as M, type ModerationItem } from '@common/schemas/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, callerOn, userWithSession } from '../../../test/auth';
import { solidImage } from '../../../test/media-fixtures';
import { multipart, MULTIPART_TYPE } from '../../../test/multipart';
import { mediaRepository } from '../media/media.repository';
import { buildPost } from '../../../test/factories';
import { hashPassword } from '../auth/passwords';
import { QUEUE_PAGE } from './moderation.service';

/** Moderation per campus (ADR 025), on each database. */

const MOD_OU = 'mod@ou.edu';
const MOD_UT = 'mod@utexas.edu';
const PASSWORD = 'correct-horse-battery';
const DAY = 24 * 60 * 60 * 1000;

let t: TestContext;
let call: ReturnType<typeof callerOn>;
let passwordHash: string;
let moderator: Student;

beforeAll(async () => {
  t = await createTestApp({
    env: { MODERATORS: `ou:${MOD_OU};ut:${MOD_UT}`, SESSION_CACHE_MS: '60000' },
  });
  call = callerOn(t.app, 'ou', '198.74');
  passwordHash = await hashPassword(PASSWORD, 10);
  moderator = await student({ email: MOD_OU });
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, {
    verified: true,
    school_verified: true,
    campus_id: 'ou',
    email: `s-${randomUUID().slice(0, 12)}@example.com`,
    password_hash: passwordHash,
    ...overrides,
  });

async function created(who: Student, url: string, payload: object): Promise<string> {
  const res = await call(who, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/**
 * Reports a thing, in a millisecond of its own: the queue orders by when a thing was
 * last reported, and two reports in the same millisecond are at the same time.
 */
async function reported(who: Student, targetType: string, targetId: string, reason: string) {
  const res = await call(who, 'POST', '/api/reports', { targetType, targetId, reason });
  expect(res.statusCode, res.body).toBe(201);
  // The report was stored at or before this millisecond: the next one comes after it.
  const stored = Date.now();
  while (Date.now() <= stored) await new Promise((resolve) => setImmediate(resolve));
}

const queue = async (cursor?: string) => {
  const res = await call(
    moderator,
    'GET',
    `/api/moderation/reports${cursor ? `?cursor=${cursor}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ModerationItem[]; nextCursor: string | null }>();
};
const itemOf = async (targetId: string) =>
  (await queue()).items.find((i) => i.targetId === targetId);

const act = (body: object, who: Student = moderator) =>
  call(who, 'POST', '/api/moderation/actions', body);

async function acted(body: object) {
  const res = await act(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string }>().message;
}

const reportsOn = (column: 'target_post_id' | 'target_message_id' | 'target_user_id', id: string) =>
  t.db.kysely
    .selectFrom('reports')
    .select(['closed_at', 'outcome'])
    .where(column, '=', id)
    .execute();
const actionsAgainst = (userId: string) =>
  t.db.kysely
    .selectFrom('moderation_actions')
    .selectAll()
    .where('target_user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
const notificationsOf = (userId: string) =>
  t.db.kysely
    .selectFrom('notifications')
    .select(['type', 'message', 'from_user_id'])
    .where('to_user_id', '=', userId)
    .execute();
const me = async (who: Student) =>
  (await call(who, 'GET', '/api/me')).json<{ viewer: { id: string; moderator?: true } | null }>()
    .viewer;
const login = (email: string) =>
  call(null, 'POST', '/api/auth/login', { email, password: PASSWORD });

describe('who moderates', () => {
  it('is 404 to everyone but the campus moderators, and /api/me says who is one', async () => {
    const classmate = await student();
    const utModerator = await student({ email: MOD_UT, campus_id: 'ut' });
    for (const who of [null, classmate, utModerator]) {
      const res = await call(who, 'GET', '/api/moderation/reports');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: M.notFound } });
    }
    expect((await me(moderator))?.moderator).toBe(true);
    expect(await me(classmate)).not.toHaveProperty('moderator');
    // The UT moderator moderates UT's site, not OU's.
    const onUt = await callerOn(t.app, 'ut', '198.75')(
      utModerator,
      'GET',
      '/api/moderation/reports',
    );
    expect(onUt.statusCode).toBe(200);
    expect(await me(utModerator)).not.toHaveProperty('moderator');
  });
});

describe('the queue', () => {
  it('lists each reported thing once, most recently reported first, in context', async () => {
    const [seller, buyer, third] = [await student(), await student(), await student()];
    const postId = await created(seller, '/api/posts', { text: 'Mini fridge, $40' });
    const commentId = await created(seller, '/api/posts', { text: 'DM me', parentId: postId });
    const chatId = (await call(buyer, 'POST', '/api/chats', { userId: seller.user.id })).json().chat
      .id;
    await created(buyer, `/api/chats/${chatId}/messages`, { text: 'Is it free?' });
    await created(seller, `/api/chats/${chatId}/messages`, { text: 'Pay first' });
    await created(buyer, `/api/chats/${chatId}/messages`, { text: 'Why?' });
    const messageId = await created(seller, `/api/chats/${chatId}/messages`, {
      text: 'Send a gift card',
    });
    await t.db.kysely
      .updateTable('users')
      .set({ bio: 'Selling stuff' })
      .where('id', '=', seller.user.id)
      .execute();

    await reported(buyer, 'post', postId, 'Spam');
    await reported(third, 'post', postId, 'Fake');
    await reported(buyer, 'comment', commentId, 'Rude');
    await reported(buyer, 'message', messageId, 'Scam');
    await reported(buyer, 'user', seller.user.id, 'Scammer');

    const items = (await queue()).items;
    const mine = items.filter((i) => i.student.id === seller.user.id);
    expect(mine.map((i) => i.targetType)).toEqual(['user', 'message', 'comment', 'post']);
    const [user, message, comment, post] = mine;
    expect(post).toMatchObject({
      targetId: postId,
      text: 'Mini fridge, $40',
      postId,
      reporters: 2,
      reasons: ['Spam', 'Fake'],
      student: { username: seller.user.username, firstName: seller.user.first_name },
    });
    expect(comment).toMatchObject({ targetId: commentId, text: 'DM me', postId, reporters: 1 });
    expect(message).toMatchObject({
      targetId: messageId,
      text: 'Send a gift card',
      reasons: ['Scam'],
    });
    expect(message!.before.map((b) => [b.senderName, b.text])).toEqual([
      [seller.user.first_name, 'Pay first'],
      [buyer.user.first_name, 'Why?'],
    ]);
    expect(user).toMatchObject({ targetId: seller.user.id, text: null, bio: 'Selling stuff' });
  });

  it('pages by cursor without repeating or skipping', async () => {
    const [author, reporter] = [await student(), await student()];
    const at = Date.now() + 10 * DAY;
    for (let i = 0; i < QUEUE_PAGE + 2; i++) {
      const post = await buildPost(t.db, author.user, { text: `Paged ${i}` });
      await t.db.kysely
        .insertInto('reports')
        .values({
          id: uuidv7(),
          reporter_id: reporter.user.id,
          campus_id: 'ou',
          target_user_id: null,
          target_post_id: post.id,
          target_message_id: null,
          reason: 'spam',
          created_at: at + i,
        })
        .execute();
    }
    const first = await queue();
    expect(first.items.map((i) => i.text)).toEqual(
      Array.from({ length: QUEUE_PAGE }, (_, i) => `Paged ${QUEUE_PAGE + 1 - i}`),
    );
    const second = await queue(first.nextCursor!);
    expect(second.items.slice(0, 2).map((i) => i.text)).toEqual(['Paged 1', 'Paged 0']);
    for (const item of [...first.items, ...second.items.slice(0, 2)])
      await acted({ targetType: 'post', targetId: item.targetId, action: 'dismiss', reason: 'ok' });
  });
});

describe('actions', () => {
  async function reportedPost() {
    const [author, reporter] = [await student(), await student()];
    const postId = await created(author, '/api/posts', { text: 'Concert tickets, cash only' });
    await reported(reporter, 'post', postId, 'Scam');
    return { author, reporter, postId };
  }

  it('dismisses: the reports close and are logged, the post stays', async () => {
    const { author, postId } = await reportedPost();
    expect(
      await acted({ targetType: 'post', targetId: postId, action: 'dismiss', reason: 'Fine' }),
    ).toBe(M.done.dismiss);
    expect(await reportsOn('target_post_id', postId)).toEqual([
      { closed_at: expect.anything(), outcome: 'dismiss' },
    ]);
    expect(await itemOf(postId)).toBeUndefined();
    expect((await call(author, 'GET', `/api/posts/${postId}`)).statusCode).toBe(200);
    const [logged] = await actionsAgainst(author.user.id);
    expect(logged).toMatchObject({
      moderator_id: moderator.user.id,
      target_type: 'post',
      target_id: postId,
      action: 'dismiss',
      reason: 'Fine',
    });
    // Handled once: a second action finds nothing open.
    const again = await act({ targetType: 'post', targetId: postId, action: 'warn', reason: 'x' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(M.reportGone);
  });

  it('removes a post through the posts service and tells its author why', async () => {
    const { author, postId } = await reportedPost();
    const before = await t.db.kysely
      .selectFrom('users')
      .select('total_posts')
      .where('id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    expect(
      await acted({ targetType: 'post', targetId: postId, action: 'remove', reason: 'Scam' }),
    ).toBe(M.done.remove);
    expect((await call(author, 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    const after = await t.db.kysely
      .selectFrom('users')
      .select('total_posts')
      .where('id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.total_posts)).toBe(Number(before.total_posts) - 1);
    expect(await notificationsOf(author.user.id)).toEqual([
      {
        type: 'moderation',
        message: 'A moderator removed your post. Reason: Scam',
        from_user_id: null,
      },
    ]);
    expect((await actionsAgainst(author.user.id)).map((a) => a.action)).toEqual(['remove']);
  });

  it("removes a comment (its post's count drops) and a message (its words replaced)", async () => {
    const [author, reporter] = [await student(), await student()];
    const postId = await created(reporter, '/api/posts', { text: 'Desk for sale' });
    const commentId = await created(author, '/api/posts', { text: 'rude', parentId: postId });
    await reported(reporter, 'comment', commentId, 'Rude');
    await acted({ targetType: 'comment', targetId: commentId, action: 'remove', reason: 'Rude' });
    const thread = (await call(reporter, 'GET', `/api/posts/${postId}`)).json();
    expect(thread.post?.commentCount ?? thread.commentCount).toBe(0);

    const chatId = (await call(reporter, 'POST', '/api/chats', { userId: author.user.id })).json()
      .chat.id;
    const messageId = await created(author, `/api/chats/${chatId}/messages`, { text: 'Venmo me' });
    await reported(reporter, 'message', messageId, 'Scam');
    await acted({ targetType: 'message', targetId: messageId, action: 'remove', reason: 'Scam' });
    const stored = await t.db.kysely
      .selectFrom('messages')
      .select('text')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(stored.text).toBe(M.removedMessage);
    const notices = (await notificationsOf(author.user.id)).filter((n) => n.type === 'moderation');
    expect(notices.map((n) => n.message)).toEqual([
      'A moderator removed your comment. Reason: Rude',
      'A moderator removed your message. Reason: Scam',
    ]);
    expect((await reportsOn('target_message_id', messageId))[0]!.outcome).toBe('remove');
  });

  it('removes a message with a photo: the photo leaves the chat, its files the disk', async () => {
    const [author, reporter] = [await student(), await student()];
    const chatId = (await call(reporter, 'POST', '/api/chats', { userId: author.user.id })).json()
      .chat.id;
    const upload = await api(t.app, {
      method: 'POST',
      url: '/api/uploads',
      cookie: author.cookie,
      remoteAddress: '198.75.0.1',
      payload: multipart([
        { filename: 'p.png', type: 'image/png', data: await solidImage(40, 30, 'png') },
      ]),
      headers: { 'content-type': MULTIPART_TYPE },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const mediaId = upload.json().id as string;
    const messageId = await created(author, `/api/chats/${chatId}/messages`, {
      mediaIds: [mediaId],
    });
    const files = await t.app.deps.db.kysely
      .selectFrom('message_media')
      .select(['key', 'width', 'height', 'variants'])
      .where('message_id', '=', messageId)
      .execute();
    const paths = mediaRepository.keysOf(files).map((key) => path.join(t.dataDir, 'media', key));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((p) => fs.existsSync(p))).toBe(true);

    await reported(reporter, 'message', messageId, 'Explicit photo');
    await acted({ targetType: 'message', targetId: messageId, action: 'remove', reason: 'Nudity' });
    const shown = (await call(reporter, 'GET', `/api/chats/${chatId}/messages`)).json().items;
    expect(shown.find((m: { id: string }) => m.id === messageId)).toMatchObject({
      text: M.removedMessage,
      media: [],
    });
    await expect.poll(() => paths.filter((p) => fs.existsSync(p))).toEqual([]);
  });

  it('refuses to remove a profile, a bad number of days and an empty reason', async () => {
    const [target, reporter] = [await student(), await student()];
    await reported(reporter, 'user', target.user.id, 'Rude');
    const refused = async (body: object, message: string) => {
      const res = await act({ targetType: 'user', targetId: target.user.id, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    };
    await refused({ action: 'remove', reason: 'x' }, M.cannotRemoveProfile);
    await refused({ action: 'suspend', reason: 'x', days: 0 }, M.daysRange);
    await refused({ action: 'suspend', reason: 'x', days: 366 }, M.daysRange);
    await refused({ action: 'suspend', reason: 'x' }, M.daysRange);
    await refused({ action: 'warn', reason: '  ' }, M.reasonRequired);
    expect((await reportsOn('target_user_id', target.user.id))[0]!.closed_at).toBeNull();
    expect(await actionsAgainst(target.user.id)).toEqual([]);
  });

  it('warns: the student is told, the report closes', async () => {
    const { author, postId } = await reportedPost();
    await acted({ targetType: 'post', targetId: postId, action: 'warn', reason: 'No cash only' });
    expect((await notificationsOf(author.user.id)).map((n) => n.message)).toEqual([
      'A moderator warned you about your post. Reason: No cash only',
    ]);
    expect((await reportsOn('target_post_id', postId))[0]!.outcome).toBe('warn');
  });

  it('suspends for N days: every session ends, sign-in says until when, and works after', async () => {
    const [target, reporter] = [await student(), await student()];
    await reported(reporter, 'user', target.user.id, 'Harassment');
    expect((await me(target))?.id).toBe(target.user.id);
    const at = Date.now();
    expect(
      await acted({
        targetType: 'user',
        targetId: target.user.id,
        action: 'suspend',
        reason: 'Harassment',
        days: 3,
      }),
    ).toBe(M.done.suspend);
    // The session was served from memory (SESSION_CACHE_MS): it ends at once all the same.
    expect(await me(target)).toBeNull();
    const row = await t.db.kysely
      .selectFrom('users')
      .select('suspended_until')
      .where('id', '=', target.user.id)
      .executeTakeFirstOrThrow();
    const until = Number(row.suspended_until);
    expect(until).toBeGreaterThanOrEqual(at + 3 * DAY);
    const refused = await login(target.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'suspended', message: M.suspended(until) });
    expect(M.suspended(Date.UTC(2026, 11, 1, 12))).toBe(
      'Account suspended until December 1, 2026.',
    );
    expect((await actionsAgainst(target.user.id))[0]).toMatchObject({ action: 'suspend', days: 3 });

    await t.db.kysely
      .updateTable('users')
      .set({ suspended_until: Date.now() - 1 })
      .where('id', '=', target.user.id)
      .execute();
    expect((await login(target.user.email)).statusCode).toBe(200);
  });

  it('bans: every session ends and sign-in answers "Account has been banned"', async () => {
    const [target, reporter] = [await student(), await student()];
    await reported(reporter, 'user', target.user.id, 'Fraud');
    expect(
      await acted({ targetType: 'user', targetId: target.user.id, action: 'ban', reason: 'Fraud' }),
    ).toBe(M.done.ban);
    expect(await me(target)).toBeNull();
    const refused = await login(target.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'banned', message: AUTH_MESSAGES.banned });
    expect(AUTH_MESSAGES.banned).toBe('Account has been banned');
    expect(
      await t.db.kysely
        .selectFrom('sessions')
        .where('user_id', '=', target.user.id)
        .select('id')
        .execute(),
    ).toEqual([]);
  });
});

describe('automatic suspension', () => {
  async function upheld(author: Student, reporter: Student, n: number) {
    for (let i = 0; i < n; i++) {
      const postId = await created(author, '/api/posts', { text: `Listing ${i}` });
      await reported(reporter, 'post', postId, 'Spam');
      await acted({ targetType: 'post', targetId: postId, action: 'warn', reason: 'Spam' });
    }
  }
  const suspendedUntil = async (id: string) =>
    (
      await t.db.kysely
        .selectFrom('users')
        .select('suspended_until')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).suspended_until;

  it('suspends for 7 days on the third upheld report within 90 days, logged as the system', async () => {
    const [author, reporter] = [await student(), await student()];
    await upheld(author, reporter, 2);
    expect(await suspendedUntil(author.user.id)).toBeNull();
    expect((await me(author))?.id).toBe(author.user.id);
    const at = Date.now();
    await upheld(author, reporter, 1);
    expect(Number(await suspendedUntil(author.user.id))).toBeGreaterThanOrEqual(at + 7 * DAY);
    expect(await me(author)).toBeNull();
    const system = (await actionsAgainst(author.user.id)).filter((a) => a.moderator_id === null);
    expect(system).toEqual([
      expect.objectContaining({
        action: 'suspend',
        days: 7,
        target_type: 'user',
        reason: '3 upheld reports within 90 days',
      }),
    ]);
  });

  it('does not count dismissals, nor upheld reports older than 90 days', async () => {
    const [author, reporter] = [await student(), await student()];
    for (let i = 0; i < 3; i++)
      await t.db.kysely
        .insertInto('moderation_actions')
        .values({
          id: uuidv7(),
          campus_id: 'ou',
          moderator_id: moderator.user.id,
          target_type: 'user',
          target_id: author.user.id,
          target_user_id: author.user.id,
          action: 'warn',
          reason: 'old',
          days: null,
          created_at: Date.now() - 91 * DAY,
        })
        .execute();
    const postId = await created(author, '/api/posts', { text: 'Another listing' });
    await reported(reporter, 'post', postId, 'Spam');
    await acted({ targetType: 'post', targetId: postId, action: 'dismiss', reason: 'fine' });
    await upheld(author, reporter, 2);
    expect(await suspendedUntil(author.user.id)).toBeNull();
  });
});
