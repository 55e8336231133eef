import { PAGE_SIZES } from '@common/limits';
import { NOTIFICATION_TEXT, type NotificationDto } from '@common/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, callerOn, userWithSession } from '../../../test/auth';
import { mentionedUsernames, REPEAT_WINDOW_MS } from './notifications.service';

/** Notifications (docs/product/messages-and-meetups.md, Notifications). */

let t: TestContext;

let call: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ou', '198.20');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou', ...overrides });

async function post(who: Student, text: string, parentId?: string): Promise<{ id: string }> {
  const res = await call(who, 'POST', '/api/posts', { text, ...(parentId ? { parentId } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const list = async (who: Student): Promise<NotificationDto[]> =>
  (await call(who, 'GET', '/api/notifications')).json().items;

describe('notifications of posts and saves', () => {
  it('tells the author of a save, a comment and a reply, and nobody of their own', async () => {
    const seller = await student({ first_name: 'Sam' });
    const buyer = await student({ first_name: 'Bea' });
    const listing = await post(seller, 'Mini fridge, $40');
    expect((await call(buyer, 'PUT', `/api/posts/${listing.id}/like`)).statusCode).toBe(200);
    const comment = await post(buyer, 'Still there?', listing.id);
    const reply = await post(seller, 'Yes!', comment.id);
    await post(seller, 'Bump', listing.id);
    await call(seller, 'PUT', `/api/posts/${listing.id}/like`);

    const forSeller = await list(seller);
    expect(forSeller.map((n) => [n.type, n.message, n.postId])).toEqual([
      ['comment', NOTIFICATION_TEXT.comment('Bea', 'Still there?'), listing.id],
      ['like', NOTIFICATION_TEXT.like('Bea', 'Mini fridge, $40'), listing.id],
    ]);
    expect(forSeller[0]!.from).toMatchObject({ id: buyer.user.id, firstName: 'Bea' });
    const forBuyer = await list(buyer);
    expect(forBuyer.map((n) => [n.type, n.message])).toEqual([
      ['comment reply', NOTIFICATION_TEXT['comment reply']('Sam', 'Yes!')],
    ]);
    expect(reply.id).toBeTruthy();
  });

  it('notifies a save once, not again for saving after unsaving twice in a row', async () => {
    const seller = await student();
    const buyer = await student();
    const listing = await post(seller, 'Lamp');
    await call(buyer, 'PUT', `/api/posts/${listing.id}/like`);
    await call(buyer, 'PUT', `/api/posts/${listing.id}/like`);
    expect((await list(seller)).filter((n) => n.type === 'like')).toHaveLength(1);
  });

  it('notifies a save redone within the window no more, and takes back an unread one undone (ADR 037)', async () => {
    const seller = await student();
    const buyer = await student();
    const listing = await post(seller, 'Desk lamp');
    const likesFor = () =>
      t.db.kysely
        .selectFrom('notifications')
        .select('id')
        .where('to_user_id', '=', seller.user.id!)
        .where('type', '=', 'like')
        .execute();
    const save = (method: 'PUT' | 'DELETE') => call(buyer, method, `/api/posts/${listing.id}/like`);
    await save('PUT');
    expect(await likesFor()).toHaveLength(1);
    expect((await call(seller, 'GET', '/api/unread')).json().notifications).toBe(1);

    // Undone: the unread notification goes, and the badge with it.
    await save('DELETE');
    expect(await likesFor()).toEqual([]);
    expect((await call(seller, 'GET', '/api/unread')).json().notifications).toBe(0);
    // Toggled again and again within the window: nobody is told again, nothing is mailed again.
    const mails = () =>
      t.db.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', seller.user.email)
        .execute();
    const mailed = (await mails()).length;
    expect(mailed).toBe(1);
    for (let i = 0; i < 3; i++) {
      await save('PUT');
      await save('DELETE');
    }
    await save('PUT');
    expect(await likesFor()).toEqual([]);
    expect(await mails()).toHaveLength(mailed);

    // Once the window has passed, a save tells the seller again; read, it is no longer taken back.
    await t.db.kysely
      .updateTable('notification_marks')
      .set({ notified_at: Date.now() - REPEAT_WINDOW_MS - 1 })
      .where('from_user_id', '=', buyer.user.id!)
      .execute();
    await save('DELETE');
    await save('PUT');
    expect(await likesFor()).toHaveLength(1);
    expect(await list(seller)).toHaveLength(1);
    await save('DELETE');
    expect(await likesFor()).toHaveLength(1);
  });

  it('forgets marks past the window in the hourly sweep, and keeps those within it', async () => {
    const seller = await student();
    const buyer = await student();
    const [old, fresh] = [await post(seller, 'Lamp'), await post(seller, 'Rug')];
    for (const p of [old, fresh])
      expect((await call(buyer, 'PUT', `/api/posts/${p.id}/like`)).statusCode).toBe(200);
    const marks = async () =>
      (
        await t.db.kysely
          .selectFrom('notification_marks')
          .select('subject_id')
          .where('from_user_id', '=', buyer.user.id!)
          .execute()
      ).map((m) => m.subject_id);
    expect((await marks()).sort()).toEqual([old.id, fresh.id].sort());
    await t.db.kysely
      .updateTable('notification_marks')
      .set({ notified_at: Date.now() - REPEAT_WINDOW_MS - 1 })
      .where('subject_id', '=', old.id)
      .execute();
    const swept = await api(t.app, {
      method: 'POST',
      url: '/dev/jobs/notification-marks-sweep',
      payload: { at: Date.now() },
      remoteAddress: '127.0.0.1',
    });
    expect(swept.statusCode, swept.body).toBe(200);
    expect(await marks()).toEqual([fresh.id]);
  });

  it('counts a redone act per subject: saving another post notifies', async () => {
    const seller = await student();
    const buyer = await student();
    const [a, b] = [await post(seller, 'Chair'), await post(seller, 'Table')];
    for (const p of [a, b, a, b])
      expect((await call(buyer, 'PUT', `/api/posts/${p.id}/like`)).statusCode).toBe(200);
    expect((await list(seller)).map((n) => n.message)).toEqual([
      NOTIFICATION_TEXT.like(buyer.user.first_name!, 'Table'),
      NOTIFICATION_TEXT.like(buyer.user.first_name!, 'Chair'),
    ]);
  });

  it('tells the students a post mentions, on its campus only', async () => {
    const author = await student({ first_name: 'Ada' });
    const named = await student({ username: `maya-${Date.now().toString(36)}` });
    const elsewhere = await student({
      campus_id: 'ut',
      username: `remy-${Date.now().toString(36)}`,
    });
    const text = `Ask @${named.user.username} or @${elsewhere.user.username}, not me@example.com`;
    const made = await post(author, text);
    const forNamed = await list(named);
    expect(forNamed).toEqual([
      expect.objectContaining({
        type: 'mention',
        postId: made.id,
        message: NOTIFICATION_TEXT.mention('Ada', text),
      }),
    ]);
    expect(await list(elsewhere)).toEqual([]);
  });

  it('reads @usernames, not e-mail addresses', () => {
    expect(mentionedUsernames('hi @Jane.Doe, and @sam_1. mail a@b.com (@kim)')).toEqual([
      'jane.doe',
      'sam_1',
      'kim',
    ]);
  });
});

describe('the notifications list and the badge', () => {
  it('pages 15 at a time, newest first, and marks what it shows as read', async () => {
    const seller = await student();
    const fans = await Promise.all(Array.from({ length: 4 }, () => student()));
    const listings = [];
    for (let i = 0; i < 5; i++) listings.push(await post(seller, `Item ${i}`));
    for (const listing of listings)
      for (const fan of fans) await call(fan, 'PUT', `/api/posts/${listing.id}/like`);
    expect((await call(seller, 'GET', '/api/unread')).json()).toEqual({
      notifications: 20,
      chats: 0,
    });
    const first = (await call(seller, 'GET', '/api/notifications')).json();
    expect(first.items).toHaveLength(PAGE_SIZES.notifications);
    expect(first.items[0].message).toContain('Item 4');
    expect(first.items.every((n: NotificationDto) => !n.read)).toBe(true);
    expect((await call(seller, 'GET', '/api/unread')).json().notifications).toBe(5);
    const second = (
      await call(seller, 'GET', `/api/notifications?cursor=${first.nextCursor}`)
    ).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect((await call(seller, 'GET', '/api/unread')).json().notifications).toBe(0);
    const again = (await call(seller, 'GET', '/api/notifications')).json();
    expect(again.items.every((n: NotificationDto) => n.read)).toBe(true);
  });

  it('answers a cursor that is not one of its own with 400, as every list does', async () => {
    const who = await student();
    for (const url of [
      '/api/notifications?cursor=bm9wZQ',
      '/api/chats?cursor=WzEsMl0',
      '/api/feed?cursor=bm9wZQ',
    ]) {
      const res = await call(who, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('invalid_cursor');
    }
  });

  it('is for signed-in, verified students', async () => {
    const guest = await api(t.app, { method: 'GET', url: '/api/notifications' });
    expect(guest.statusCode).toBe(401);
    const fresh = await userWithSession(t.app, { verified: false });
    expect((await call(fresh, 'GET', '/api/unread')).statusCode).toBe(403);
  });
});
