import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { ALERT_WINDOW_MS } from './notifications.alerts';
import { UNSUBSCRIBE_TEXT, unsubscribeToken } from './notifications.mails';

/** E-mail alerts through the outbox (docs/product/messages-and-meetups.md, E-mail). */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ut', '198.22');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ut', ...overrides });

const mailsTo = (email: string) =>
  t.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();

async function chatOf(a: Student, b: Student): Promise<string> {
  return (await call(a, 'POST', '/api/chats', { userId: b.user.id })).json().chat.id;
}

const say = async (from: Student, chatId: string, text: string) =>
  expect((await call(from, 'POST', `/api/chats/${chatId}/messages`, { text })).statusCode).toBe(
    201,
  );

describe('e-mail alerts', () => {
  it('mails a new chat and its messages at most once per chat in ten minutes', async () => {
    const [a, b] = [await student({ first_name: 'Ava' }), await student()];
    const chatId = await chatOf(a, b);
    await say(a, chatId, 'Is the bike still for sale?');
    await say(a, chatId, 'I can come today');
    const mails = await mailsTo(b.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(NOTIFICATION_TEXT['new chat']('Ava'));
    expect(mails[0]!.text).toContain(`/messages/${chatId}`);
    expect(mails[0]!.text).toContain('/api/unsubscribe?token=');
    expect(mails[0]!.html).toContain('UT Buy / Sell');
    expect(await mailsTo(a.user.email)).toEqual([]);

    // Ten minutes later the next message mails again.
    await t.db.kysely
      .updateTable('notifications')
      .set((eb) => ({ created_at: eb('created_at', '-', ALERT_WINDOW_MS + 1000) }))
      .where('to_user_id', '=', b.user.id)
      .execute();
    await t.db.kysely
      .updateTable('alert_marks')
      .set((eb) => ({ mailed_at: eb('mailed_at', '-', ALERT_WINDOW_MS + 1000) }))
      .where('user_id', '=', b.user.id)
      .execute();
    await say(a, chatId, 'Still there?');
    const later = await mailsTo(b.user.email);
    expect(later.map((m) => m.subject)).toEqual([
      NOTIFICATION_TEXT['new chat']('Ava'),
      NOTIFICATION_TEXT.message('Ava', 'Still there?'),
    ]);
  });

  it('mails a save and a comment of my post, and nothing when alerts are off', async () => {
    const seller = await student();
    const buyer = await student({ first_name: 'Bo' });
    const post = (await call(seller, 'POST', '/api/posts', { text: 'Desk, $30' })).json();
    await call(buyer, 'PUT', `/api/posts/${post.id}/like`);
    await call(buyer, 'POST', '/api/posts', { text: 'Is it IKEA?', parentId: post.id });
    expect((await mailsTo(seller.user.email)).map((m) => m.subject)).toEqual([
      NOTIFICATION_TEXT.like('Bo', 'Desk, $30'),
      NOTIFICATION_TEXT.comment('Bo', 'Is it IKEA?'),
    ]);

    const quiet = await student({ email_notifications: false });
    const other = (await call(quiet, 'POST', '/api/posts', { text: 'Lamp' })).json();
    await call(buyer, 'PUT', `/api/posts/${other.id}/like`);
    expect(await mailsTo(quiet.user.email)).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'ut.localhost:3000' } });
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: `token=${encodeURIComponent(token)}`,
      headers: {
        host: 'ut.localhost:3000',
        origin: 'http://ut.localhost:3000',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
  const wantsMail = async (id: string) =>
    Boolean(
      (
        await t.db.kysely
          .selectFrom('users')
          .select('email_notifications')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).email_notifications,
    );

  it('asks first, then turns alerts off without signing in', async () => {
    const [a, b] = [await student(), await student()];
    await chatOf(a, b);
    const [mail] = await mailsTo(b.user.email);
    const link = new URL(/http\S+\/api\/unsubscribe\?token=\S+/.exec(mail!.text)![0]);
    const asked = await page(link.pathname + link.search);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(UNSUBSCRIBE_TEXT.button);
    expect(await wantsMail(b.user.id)).toBe(true);
    const done = await confirm(link.searchParams.get('token')!);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(UNSUBSCRIBE_TEXT.done);
    expect(await wantsMail(b.user.id)).toBe(false);
  });

  it('refuses a token that was not made for that student with this key', async () => {
    const victim = await student();
    const forged = unsubscribeToken('not-the-key-'.repeat(4), victim.user.id);
    const res = await confirm(forged);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(UNSUBSCRIBE_TEXT.invalid);
    expect(await wantsMail(victim.user.id)).toBe(true);
    expect((await confirm('garbage')).statusCode).toBe(400);
  });
});
