import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { POST_MAX_CHARS } from '@common/limits';
import {
  CHAT_MESSAGES,
  lookalikeLinkWarning,
  reactedText,
  SCAM_WARNINGS,
  removedHeartText,
  type ChatDto,
  type MessageDto,
} from '@common/schemas/chats';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, callerOn, userWithSession } from '../../../test/auth';
import { solidImage } from '../../../test/media-fixtures';
import { LIMITS } from '../../core/limits';

/** Messages: chats, hearts and deleting a chat (docs/product/messages-and-meetups.md, Chats). */

let t: TestContext;
const nextIp = addressSequence('198.21');
const school = { verified: true, school_verified: true, campus_id: 'ut' };

let call: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ut', '198.19');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { ...school, ...overrides });

async function start(a: Student, b: Student): Promise<{ chat: ChatDto; created: boolean }> {
  const res = await call(a, 'POST', '/api/chats', { userId: b.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function send(from: Student, chatId: string, payload: object): Promise<MessageDto> {
  const res = await call(from, 'POST', `/api/chats/${chatId}/messages`, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const unread = async (who: Student) => (await call(who, 'GET', '/api/unread')).json();
const notificationsOf = async (who: Student) =>
  (await call(who, 'GET', '/api/notifications')).json().items as {
    type: string;
    message: string;
    chatId: string | null;
    postId: string | null;
  }[];

describe('starting a conversation', () => {
  it('makes one chat per pair in either direction, and notifies the other once', async () => {
    const [a, b] = [await student({ first_name: 'Ava' }), await student()];
    const first = await start(a, b);
    expect(first.created).toBe(true);
    expect(first.chat.other.id).toBe(b.user.id);
    const again = await start(b, a);
    expect(again).toMatchObject({ created: false, chat: { id: first.chat.id } });
    expect(again.chat.other.id).toBe(a.user.id);
    const bNotes = await notificationsOf(b);
    expect(bNotes).toEqual([
      expect.objectContaining({
        type: 'new chat',
        chatId: first.chat.id,
        message: NOTIFICATION_TEXT['new chat']('Ava'),
      }),
    ]);
    expect(await notificationsOf(a)).toEqual([]);
  });

  it('makes a single chat when both start at the same moment', async () => {
    const [a, b] = [await student(), await student()];
    const results = await Promise.all([
      call(a, 'POST', '/api/chats', { userId: b.user.id }),
      call(b, 'POST', '/api/chats', { userId: a.user.id }),
      call(a, 'POST', '/api/chats', { userId: b.user.id }),
    ]);
    const ids = new Set(results.map((r) => r.json().chat.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.json().created)).toHaveLength(1);
  });

  it('refuses guests, the unverified, students without a school e-mail, and strangers', async () => {
    const b = await student();
    expect((await call(null, 'POST', '/api/chats', { userId: b.user.id })).statusCode).toBe(401);
    const unverified = await userWithSession(t.app, { campus_id: 'ut' });
    const res1 = await call(unverified, 'POST', '/api/chats', { userId: b.user.id });
    expect(res1.json().error.code).toBe('not_verified');
    const noSchool = await student({ school_verified: false });
    const res2 = await call(noSchool, 'POST', '/api/chats', { userId: b.user.id });
    expect(res2.statusCode).toBe(403);
    expect(res2.json().error).toEqual({
      code: 'not_school_verified',
      message: AUTH_MESSAGES.schoolVerifyRequired,
    });
    const outsider = await student({ campus_id: 'smu' });
    const res3 = await call(outsider, 'POST', '/api/chats', { userId: b.user.id });
    expect(res3.json().error).toEqual({ code: 'other_campus', message: MESSAGES.privateCommunity });
    const a = await student();
    const elsewhere = await student({ campus_id: 'smu' });
    const res4 = await call(a, 'POST', '/api/chats', { userId: elsewhere.user.id });
    expect(res4.statusCode).toBe(404);
    const self = await call(a, 'POST', '/api/chats', { userId: a.user.id });
    expect(self.json().error.message).toBe(CHAT_MESSAGES.notYourself);
  });
});

describe('sending and reading', () => {
  it('sets the last message, marks it unread for the other, and notifies them', async () => {
    const [a, b] = [await student({ first_name: 'Ava' }), await student()];
    const { chat } = await start(a, b);
    const message = await send(a, chat.id, { text: '  Is the desk still available?  ' });
    expect(message).toMatchObject({ text: 'Is the desk still available?', senderId: a.user.id });
    expect(await unread(b)).toMatchObject({ chats: 1 });
    expect(await unread(a)).toMatchObject({ chats: 0 });
    const [bChat] = (await call(b, 'GET', '/api/chats')).json().items as ChatDto[];
    expect(bChat).toMatchObject({ id: chat.id, unread: true, lastMessage: message.text });
    const [aChat] = (await call(a, 'GET', '/api/chats')).json().items as ChatDto[];
    expect(aChat).toMatchObject({ unread: false, seen: false });
    expect((await notificationsOf(b)).map((n) => n.message)).toContain(
      NOTIFICATION_TEXT.message('Ava', message.text),
    );

    // Opening the chat marks it read: "Seen" for the sender.
    expect((await call(b, 'POST', `/api/chats/${chat.id}/read`)).statusCode).toBe(200);
    expect(await unread(b)).toMatchObject({ chats: 0 });
    expect((await call(a, 'GET', `/api/chats/${chat.id}`)).json()).toMatchObject({ seen: true });
  });

  it('marks the chat read for whoever replies, so the other sees "Seen"', async () => {
    const [a, b] = [await student(), await student()];
    const { chat } = await start(a, b);
    await send(a, chat.id, { text: 'Still available?' });
    expect(await unread(b)).toMatchObject({ chats: 1 });
    await send(b, chat.id, { text: 'Yes' });
    expect(await unread(b)).toMatchObject({ chats: 0 });
    expect(await unread(a)).toMatchObject({ chats: 1 });
    await send(a, chat.id, { text: 'Great' });
    expect((await call(a, 'GET', `/api/chats/${chat.id}`)).json()).toMatchObject({
      seen: false,
      unread: false,
    });
  });

  it('refuses an empty message and one over 500 characters, storing nothing', async () => {
    const [a, b] = [await student(), await student()];
    const { chat } = await start(a, b);
    const empty = await call(a, 'POST', `/api/chats/${chat.id}/messages`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    const long = await call(a, 'POST', `/api/chats/${chat.id}/messages`, {
      text: 'x'.repeat(POST_MAX_CHARS + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(CHAT_MESSAGES.tooManyCharacters);
    expect((await call(a, 'GET', `/api/chats/${chat.id}/messages`)).json().items).toEqual([]);
  });

  it('sends one photo, stripped through the media pipeline, as "Sent a photo"', async () => {
    const [a, b] = [await student(), await student()];
    const { chat } = await start(a, b);
    const boundary = 'quadchat';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await solidImage(40, 30, 'png', '#123456'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await api(t.app, {
      method: 'POST',
      url: '/api/uploads',
      payload,
      cookie: a.cookie,
      campus: 'ut',
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const message = await send(a, chat.id, { mediaIds: [upload.json().id] });
    expect(message.media).toHaveLength(1);
    expect(message.media[0]).toMatchObject({ kind: 'image', width: expect.any(Number) });
    expect((await call(b, 'GET', `/api/chats/${chat.id}`)).json().lastMessage).toBe(
      CHAT_MESSAGES.sentPhoto,
    );
    // The upload is the message's now: it cannot go into a second message.
    const again = await call(a, 'POST', `/api/chats/${chat.id}/messages`, {
      mediaIds: [upload.json().id],
    });
    expect(again.statusCode).toBe(400);
  });

  it('pages 15 messages at a time, newest first', async () => {
    const [a, b] = [await student(), await student()];
    const { chat } = await start(a, b);
    for (let i = 0; i < 17; i++) await send(i % 2 ? b : a, chat.id, { text: `m${i}` });
    const first = (await call(a, 'GET', `/api/chats/${chat.id}/messages`)).json();
    expect(first.items).toHaveLength(15);
    expect(first.items[0].text).toBe('m16');
    const second = (
      await call(a, 'GET', `/api/chats/${chat.id}/messages?cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((m: MessageDto) => m.text)).toEqual(['m1', 'm0']);
    expect(second.nextCursor).toBeNull();
  });

  it('shares a post of the campus as a card', async () => {
    const [a, b] = [await student({ first_name: 'Ava' }), await student()];
    const post = await call(a, 'POST', '/api/posts', { text: 'Bike, $80' });
    const { chat } = await start(a, b);
    const message = await send(a, chat.id, { sharedPostId: post.json().id });
    expect(message.sharedPost).toMatchObject({
      id: post.json().id,
      text: 'Bike, $80',
      authorFirstName: 'Ava',
    });
  });
});

describe('scam-aware chat (ADR 018)', () => {
  const messagesOf = async (who: Student, chatId: string) =>
    (await call(who, 'GET', `/api/chats/${chatId}/messages`)).json().items as MessageDto[];

  it('warns the recipient under a scam-like message, never the sender, and sends it all the same', async () => {
    const [seller, buyer] = [await student(), await student()];
    const { chat } = await start(buyer, seller);
    const text = 'I overpaid with a gift card, refund the difference at https://paypa1-help.com/x';
    const sent = await send(buyer, chat.id, { text });
    expect(sent.warnings).toEqual([]);
    const [received] = await messagesOf(seller, chat.id);
    expect(received).toMatchObject({ id: sent.id, text });
    expect(received!.warnings).toEqual([
      { code: 'off_platform_payment', text: SCAM_WARNINGS.off_platform_payment },
      { code: 'overpayment', text: SCAM_WARNINGS.overpayment },
      { code: 'lookalike_link', text: lookalikeLinkWarning('paypa1-help.com', 'paypal.com') },
    ]);
    expect((await messagesOf(buyer, chat.id))[0]!.warnings).toEqual([]);
  });

  it('flags a phone number only in the sender’s first message of the chat', async () => {
    const [seller, buyer] = [await student(), await student()];
    const { chat } = await start(buyer, seller);
    await send(buyer, chat.id, { text: 'Is it available? Text me at (405) 555-0123' });
    await send(seller, chat.id, { text: 'Yes! Mine is 405-555-0188' });
    await send(buyer, chat.id, { text: 'Great, or call 405-555-0123' });
    const warned = (await messagesOf(seller, chat.id)).map((m) => m.warnings.map((w) => w.code));
    // Newest first: the buyer's second message, the seller's own, the buyer's first.
    expect(warned).toEqual([[], [], ['phone_number']]);
    const buyerSees = (await messagesOf(buyer, chat.id)).map((m) => m.warnings);
    expect(buyerSees[1]).toEqual([{ code: 'phone_number', text: SCAM_WARNINGS.phone_number }]);
  });

  it('lets an ordinary message through without a warning', async () => {
    const [seller, buyer] = [await student(), await student()];
    const { chat } = await start(buyer, seller);
    await send(buyer, chat.id, { text: 'Can I pay with Venmo? The code for my dorm is 1234' });
    expect((await messagesOf(seller, chat.id))[0]!.warnings).toEqual([]);
  });
});

describe('hearts', () => {
  it('toggles a heart with its last lines, and notifies the sender', async () => {
    const [a, b] = [await student({ first_name: 'Ava' }), await student({ first_name: 'Ben' })];
    const { chat } = await start(a, b);
    const message = await send(a, chat.id, { text: 'Desk for $20' });
    const on = await call(b, 'PUT', `/api/messages/${message.id}/heart`);
    expect(on.json()).toEqual({ hearted: true, hearts: 1 });
    expect((await call(a, 'GET', `/api/chats/${chat.id}`)).json().lastMessage).toBe(
      reactedText('Ben', 'Desk for $20'),
    );
    expect((await notificationsOf(a)).map((n) => n.type)).toContain('message like');
    const off = await call(b, 'DELETE', `/api/messages/${message.id}/heart`);
    expect(off.json()).toEqual({ hearted: false, hearts: 0 });
    expect((await call(a, 'GET', `/api/chats/${chat.id}`)).json().lastMessage).toBe(
      removedHeartText('Ben'),
    );
  });
});

describe('hearts toggled again and again (ADR 037)', () => {
  it('notify once per message in the window, and an unread one goes with the heart', async () => {
    const [a, b] = [await student(), await student({ first_name: 'Ben' })];
    const { chat } = await start(a, b);
    const [first, second] = [
      await send(a, chat.id, { text: 'Desk for $20' }),
      await send(a, chat.id, { text: 'Chair for $10' }),
    ];
    const heartsFor = () =>
      t.db.kysely
        .selectFrom('notifications')
        .select('message')
        .where('to_user_id', '=', a.user.id!)
        .where('type', '=', 'message like')
        .execute();
    const heart = (method: 'PUT' | 'DELETE', id: string) =>
      call(b, method, `/api/messages/${id}/heart`);
    expect((await heart('PUT', first.id)).statusCode).toBe(200);
    expect(await heartsFor()).toHaveLength(1);
    expect((await heart('DELETE', first.id)).statusCode).toBe(200);
    expect(await heartsFor()).toEqual([]);
    for (let i = 0; i < 3; i++) {
      await heart('PUT', first.id);
      await heart('DELETE', first.id);
    }
    await heart('PUT', first.id);
    expect(await heartsFor()).toEqual([]);
    // Another message is another subject.
    await heart('PUT', second.id);
    expect(await heartsFor()).toEqual([
      { message: NOTIFICATION_TEXT['message like']('Ben', 'Chair for $10') },
    ]);
  });

  it('are limited per student: a toggle repeated past the limit answers 429, the others go on', async () => {
    const [a, b] = [await student(), await student()];
    const { chat } = await start(a, b);
    const message = await send(a, chat.id, { text: 'Lamp' });
    const heart = (who: Student) => call(who, 'PUT', `/api/messages/${message.id}/heart`);
    for (let i = 0; i < LIMITS.toggle.max; i++) expect((await heart(b)).statusCode).toBe(200);
    // Each call comes from a new address: the limit is the student's, not the network's.
    const limited = await heart(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limited',
      message: AUTH_MESSAGES.rateLimited,
    });
    expect((await heart(a)).statusCode).toBe(200);
  });
});

describe('deleting a chat', () => {
  it('removes it and its messages for both students', async () => {
    const [a, b] = [await student(), await student()];
    const { chat } = await start(a, b);
    await send(a, chat.id, { text: 'hello' });
    expect((await call(b, 'DELETE', `/api/chats/${chat.id}`)).statusCode).toBe(200);
    for (const who of [a, b]) {
      const res = await call(who, 'GET', `/api/chats/${chat.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CHAT_MESSAGES.missingChat);
    }
    const rows = await t.db.kysely
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chat.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await unread(a)).toMatchObject({ chats: 0 });
  });
});

describe("someone else's chat", () => {
  it('is not there for a third student, whatever they try', async () => {
    const [a, b, c] = [await student(), await student(), await student()];
    const { chat } = await start(a, b);
    const message = await send(a, chat.id, { text: 'private' });
    const attempts = [
      call(c, 'GET', `/api/chats/${chat.id}`),
      call(c, 'GET', `/api/chats/${chat.id}/messages`),
      call(c, 'POST', `/api/chats/${chat.id}/messages`, { text: 'hi' }),
      call(c, 'POST', `/api/chats/${chat.id}/read`),
      call(c, 'PUT', `/api/messages/${message.id}/heart`),
      call(c, 'DELETE', `/api/messages/${message.id}/heart`),
      call(c, 'DELETE', `/api/chats/${chat.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'chat_not_found',
        message: CHAT_MESSAGES.missingChat,
      });
      expect(res.body).not.toContain('private');
    }
    expect((await call(c, 'GET', '/api/chats')).json().items).toEqual([]);
    expect((await call(b, 'GET', `/api/chats/${chat.id}/messages`)).json().items).toHaveLength(1);
  });
});

describe('finding someone to message', () => {
  it('lists school-verified students of the campus by name or username, not oneself', async () => {
    const me = await student({ first_name: 'Zelda', last_name: 'Quill' });
    const match = await student({ first_name: 'Zebulon', last_name: 'Park' });
    await student({ first_name: 'Zed', school_verified: false });
    await student({ first_name: 'Zeke', campus_id: 'smu' });
    const res = await call(me, 'GET', '/api/users?q=ze');
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((u: { id: string }) => u.id);
    expect(ids).toContain(match.user.id);
    expect(ids).not.toContain(me.user.id);
    expect(res.json().items.map((u: { firstName: string }) => u.firstName)).toEqual(['Zebulon']);
    expect((await call(me, 'GET', '/api/users?q=z')).statusCode).toBe(400);
    const byFull = await call(me, 'GET', '/api/users?q=zebulon%20p');
    expect(byFull.json().items).toHaveLength(1);
  });
});
