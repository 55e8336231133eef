import {
  DEFAULT_CHOICES,
  type KindChoices,
  NOTIFICATION_SETTINGS_TEXT as S,
  type NotificationSettingsDto,
} from '@common/schemas/notification-settings';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { createTestDb, type TestDb } from '../../../test/db';
import { migrateToLatest } from '../../db/migrate';
import { ALERT_WINDOW_MS } from './notifications.alerts';
import { allows, quietWindow, shouldPush, writeSettings } from './notifications.preferences';

/** Notification settings by kind and channel, and quiet hours (docs/product/notification-settings.md). */

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

const URL_ = '/api/me/notification-settings';
const settingsOf = async (s: Student): Promise<NotificationSettingsDto> =>
  (await call(s, 'GET', URL_)).json();
const save = (s: Student, body: object) => call(s, 'PUT', URL_, body);

/** The defaults with one kind's channel changed. */
function withChoice(
  kinds: KindChoices,
  kind: keyof KindChoices,
  channel: 'inApp' | 'push' | 'email',
  on: boolean,
): KindChoices {
  return { ...kinds, [kind]: { ...kinds[kind], [channel]: on } };
}

const mailsTo = (email: string) =>
  t.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();
const notificationsOf = (id: string) =>
  t.db.kysely
    .selectFrom('notifications')
    .select(['type', 'created_at'])
    .where('to_user_id', '=', id)
    .orderBy('created_at')
    .execute();

describe('the settings routes', () => {
  it('reads the defaults for a student who never chose, and saves a whole grid', async () => {
    const jo = await student();
    expect(await settingsOf(jo)).toEqual({ kinds: DEFAULT_CHOICES, quietHours: null });
    expect(DEFAULT_CHOICES.news).toEqual({ inApp: true, push: false, email: false });
    expect(DEFAULT_CHOICES.messages).toEqual({ inApp: true, push: true, email: true });

    const body = {
      kinds: withChoice(DEFAULT_CHOICES, 'saves', 'inApp', false),
      quietHours: { start: '22:00', end: '07:30', timeZone: 'America/Chicago' },
    };
    const saved = await save(jo, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(body);
    expect(await settingsOf(jo)).toEqual(body);
    // Another student's settings stay the defaults.
    expect((await settingsOf(await student())).kinds).toEqual(DEFAULT_CHOICES);
  });

  it('refuses a bad grid or bad quiet hours with the reason, and keeps what was saved', async () => {
    const jo = await student();
    const sameTimes = await save(jo, {
      kinds: DEFAULT_CHOICES,
      quietHours: { start: '22:00', end: '22:00', timeZone: 'UTC' },
    });
    expect(sameTimes.statusCode).toBe(400);
    expect(sameTimes.json().error.message).toContain(S.sameTimes);
    const badZone = await save(jo, {
      kinds: DEFAULT_CHOICES,
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus_Mons' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.message).toContain(S.badZone);
    const { news: _dropped, ...missing } = DEFAULT_CHOICES;
    expect((await save(jo, { kinds: missing, quietHours: null })).statusCode).toBe(400);
    expect(
      (
        await save(jo, {
          kinds: { ...DEFAULT_CHOICES, spam: DEFAULT_CHOICES.news },
          quietHours: null,
        })
      ).statusCode,
    ).toBe(400);
    expect(await settingsOf(jo)).toEqual({ kinds: DEFAULT_CHOICES, quietHours: null });
  });
});

describe('what a kind turned off stops', () => {
  it('saves off in the app: no save notification, still its e-mail and every comment', async () => {
    const seller = await student();
    const buyer = await student({ first_name: 'Bo' });
    await save(seller, {
      kinds: withChoice(DEFAULT_CHOICES, 'saves', 'inApp', false),
      quietHours: null,
    });
    const post = (await call(seller, 'POST', '/api/posts', { text: 'Desk, $30' })).json();
    await call(buyer, 'PUT', `/api/posts/${post.id}/like`);
    await call(buyer, 'POST', '/api/posts', { text: 'Is it IKEA?', parentId: post.id });
    expect((await notificationsOf(seller.user.id)).map((n) => n.type)).toEqual(['comment']);
    expect((await mailsTo(seller.user.email)).map((m) => m.subject)).toEqual([
      NOTIFICATION_TEXT.like('Bo', 'Desk, $30'),
      NOTIFICATION_TEXT.comment('Bo', 'Is it IKEA?'),
    ]);
  });

  it('messages off in the app: no notification, still e-mailed at most once per chat in ten minutes', async () => {
    const [a, b] = [await student({ first_name: 'Ed' }), await student()];
    await save(b, {
      kinds: withChoice(DEFAULT_CHOICES, 'messages', 'inApp', false),
      quietHours: null,
    });
    const chatId = (await call(a, 'POST', '/api/chats', { userId: b.user.id })).json().chat.id;
    for (const text of ['Is the desk still for sale?', 'I can pick it up today', 'Cash ok?'])
      await call(a, 'POST', `/api/chats/${chatId}/messages`, { text });
    expect(await notificationsOf(b.user.id)).toEqual([]);
    expect((await mailsTo(b.user.email)).map((m) => m.subject)).toEqual([
      NOTIFICATION_TEXT['new chat']('Ed'),
    ]);
    // Ten minutes after that e-mail, the next message mails again.
    await t.db.kysely
      .updateTable('alert_marks')
      .set((eb) => ({ mailed_at: eb('mailed_at', '-', ALERT_WINDOW_MS + 1000) }))
      .where('user_id', '=', b.user.id)
      .execute();
    await call(a, 'POST', `/api/chats/${chatId}/messages`, { text: 'Still there?' });
    expect((await mailsTo(b.user.email)).map((m) => m.subject)).toEqual([
      NOTIFICATION_TEXT['new chat']('Ed'),
      NOTIFICATION_TEXT.message('Ed', 'Still there?'),
    ]);
    // A day and ten minutes later the mark holds nothing back and is swept.
    const swept = await t.app.services.notifications.sweepMarks(
      Date.now() + 24 * 3_600_000 + ALERT_WINDOW_MS + 1000,
    );
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.kysely
        .selectFrom('alert_marks')
        .selectAll()
        .where('user_id', '=', b.user.id)
        .execute(),
    ).toEqual([]);
  });

  it('comments off by e-mail: the comment is in the app, only the save is mailed', async () => {
    const seller = await student();
    const buyer = await student({ first_name: 'Cy' });
    await save(seller, {
      kinds: withChoice(DEFAULT_CHOICES, 'comments', 'email', false),
      quietHours: null,
    });
    const post = (await call(seller, 'POST', '/api/posts', { text: 'Lamp, $8' })).json();
    await call(buyer, 'PUT', `/api/posts/${post.id}/like`);
    await call(buyer, 'POST', '/api/posts', { text: 'Does it work?', parentId: post.id });
    expect((await notificationsOf(seller.user.id)).map((n) => n.type)).toEqual(['like', 'comment']);
    expect((await mailsTo(seller.user.email)).map((m) => m.subject)).toEqual([
      NOTIFICATION_TEXT.like('Cy', 'Lamp, $8'),
    ]);
  });

  it('answers the push channel per kind, one statement for many students', async () => {
    const [a, b] = [await student(), await student()];
    await save(b, {
      kinds: withChoice(DEFAULT_CHOICES, 'messages', 'push', false),
      quietHours: null,
    });
    const at = Date.now();
    const pushed = await allows(t.db.kysely, [a.user.id, b.user.id], 'messages', 'push', at);
    expect([...pushed]).toEqual([[a.user.id, at]]);
    expect(await shouldPush(t.db.kysely, b.user.id, 'message', at)).toBeNull();
    expect(await shouldPush(t.db.kysely, b.user.id, 'offer', at)).toBe(at);
    // Saves are not pushed unless chosen.
    expect(await shouldPush(t.db.kysely, a.user.id, 'like', at)).toBeNull();
    // A moderator's notice is not a choice.
    expect(await shouldPush(t.db.kysely, b.user.id, 'moderation', at)).toBe(at);
  });

  it('are read once per transaction for the app, e-mail and push, and afresh after a change in it', async () => {
    const [a, b] = [await student(), await student()];
    let statements = 0;
    const counted = t.db.kysely.withPlugin({
      transformQuery: (args) => (statements++, args.node),
      transformResult: async (args) => args.result,
    });
    const at = Date.now();
    await counted.transaction().execute(async (trx) => {
      expect([...(await allows(trx, [a.user.id], 'messages', 'inApp', at)).keys()]).toEqual([
        a.user.id,
      ]);
      expect(statements).toBe(1);
      await allows(trx, [a.user.id, b.user.id], 'messages', 'email', at);
      await allows(trx, [b.user.id, a.user.id], 'messages', 'push', at);
      // One more for b, none again for a.
      expect(statements).toBe(2);
      await writeSettings(trx, a.user.id, {
        kinds: withChoice(DEFAULT_CHOICES, 'messages', 'email', false),
        quietHours: null,
      });
      const before = statements;
      const mailed = await allows(trx, [a.user.id, b.user.id], 'messages', 'email', at);
      expect([...mailed.keys()]).toEqual([b.user.id]);
      expect(statements).toBe(before + 1);
    });
    // Outside a transaction nothing is kept: every call reads.
    const before = statements;
    await allows(counted, [b.user.id], 'messages', 'inApp', at);
    await allows(counted, [b.user.id], 'messages', 'inApp', at);
    expect(statements).toBe(before + 2);
  });
});

/** Quiet hours around now in UTC: from an hour ago to two hours from now. */
function quietAroundNow() {
  const minute = Math.floor((Date.now() % 86_400_000) / 60_000);
  const hhmm = (m: number) => {
    const d = (m + 1440) % 1440;
    return `${String(Math.floor(d / 60)).padStart(2, '0')}:${String(d % 60).padStart(2, '0')}`;
  };
  return { start: hhmm(minute - 60), end: hhmm(minute + 120), timeZone: 'UTC' };
}

/** Quiet hours half a day away from now, UTC: whatever the clock, they hold nothing back now. */
function quietAwayFromNow() {
  const hour = (new Date().getUTCHours() + 12) % 24;
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return { start: hh(hour), end: hh(hour + 2), timeZone: 'UTC' };
}

describe('quiet hours', () => {
  it('finds the window in the student’s time zone, over midnight too', () => {
    const q = { start: '22:00', end: '07:00', timeZone: 'America/Chicago' };
    // 23:30 in Chicago on 2026-01-15 is 05:30 UTC the next day.
    const at = Date.UTC(2026, 0, 16, 5, 30, 12);
    expect(quietWindow(q, at)).toEqual({
      since: Date.UTC(2026, 0, 16, 4, 0),
      until: Date.UTC(2026, 0, 16, 13, 0),
    });
    // 07:00 in Chicago: over.
    expect(quietWindow(q, Date.UTC(2026, 0, 16, 13, 0))).toBeNull();
    expect(quietWindow(q, Date.UTC(2026, 0, 16, 18, 0))).toBeNull();
  });

  it('keep e-mail and push until they end; the app still gets the notification', async () => {
    const [a, b] = [await student({ first_name: 'Di' }), await student()];
    const quietHours = quietAroundNow();
    expect((await save(b, { kinds: DEFAULT_CHOICES, quietHours })).statusCode).toBe(200);
    const chatId = (await call(a, 'POST', '/api/chats', { userId: b.user.id })).json().chat.id;
    await call(a, 'POST', `/api/chats/${chatId}/messages`, { text: 'Still have the bike?' });
    const [shown] = await notificationsOf(b.user.id);
    expect(shown?.type).toBe('new chat');
    const until = quietWindow(quietHours, shown!.created_at)!.until;
    expect(until).toBeGreaterThan(shown!.created_at);
    const mails = await mailsTo(b.user.email);
    expect(mails.map((m) => m.subject)).toEqual([NOTIFICATION_TEXT['new chat']('Di')]);
    expect(Number(mails[0]!.next_attempt_at)).toBe(until);
    const now = Date.now();
    expect(await shouldPush(t.db.kysely, b.user.id, 'message', now)).toBe(
      quietWindow(quietHours, now)!.until,
    );
    expect((await allows(t.db.kysely, [b.user.id], 'messages', 'inApp', now)).get(b.user.id)).toBe(
      now,
    );
  });

  it('one e-mail covers a chat’s whole quiet night', async () => {
    const [a, b] = [await student(), await student()];
    await save(b, { kinds: DEFAULT_CHOICES, quietHours: quietAroundNow() });
    const chatId = (await call(a, 'POST', '/api/chats', { userId: b.user.id })).json().chat.id;
    // The first notification was 40 minutes ago, inside the quiet hours: no second e-mail.
    await t.db.kysely
      .updateTable('notifications')
      .set((eb) => ({ created_at: eb('created_at', '-', 40 * 60_000) }))
      .where('to_user_id', '=', b.user.id)
      .execute();
    await call(a, 'POST', `/api/chats/${chatId}/messages`, { text: 'Hello?' });
    expect(await notificationsOf(b.user.id)).toHaveLength(2);
    expect(await mailsTo(b.user.email)).toHaveLength(1);
  });
});

/** What `userId` was notified and mailed of, an hour earlier. */
async function anHourPasses(userId: string) {
  await t.db.kysely
    .updateTable('notifications')
    .set((eb) => ({ created_at: eb('created_at', '-', 3_600_000) }))
    .where('to_user_id', '=', userId)
    .execute();
  await t.db.kysely
    .updateTable('alert_marks')
    .set((eb) => ({ mailed_at: eb('mailed_at', '-', 3_600_000) }))
    .where('user_id', '=', userId)
    .execute();
}

describe('the e-mail switches that existed before', () => {
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
  const everyEmail = (s: NotificationSettingsDto) => Object.values(s.kinds).map((c) => c.email);

  it('the unsubscribe link turns e-mail off for every kind, and nothing else', async () => {
    const [a, b] = [await student(), await student()];
    // Kept through the unsubscribe; away from now, so the mails below go in the order sent.
    const quietHours = quietAwayFromNow();
    await save(b, { kinds: withChoice(DEFAULT_CHOICES, 'saves', 'push', true), quietHours });
    const chatId = (await call(a, 'POST', '/api/chats', { userId: b.user.id })).json().chat.id;
    const [first] = await mailsTo(b.user.email);
    const token = /\/api\/unsubscribe\?token=(\S+)/.exec(first!.text)![1]!;
    expect((await confirm(decodeURIComponent(token))).statusCode).toBe(200);
    const after = await settingsOf(b);
    expect(everyEmail(after)).toEqual(Object.values(DEFAULT_CHOICES).map(() => false));
    expect(after.kinds.saves).toEqual({ inApp: true, push: true, email: false });
    expect(after.quietHours).toEqual(quietHours);
    await anHourPasses(b.user.id);
    await call(a, 'POST', `/api/chats/${chatId}/messages`, { text: 'Hi' });
    expect(await mailsTo(b.user.email)).toHaveLength(1);
    expect((await notificationsOf(b.user.id)).length).toBeGreaterThan(0);
    // Turning one kind's e-mail back on is the student's to do.
    await save(b, { kinds: withChoice(after.kinds, 'messages', 'email', true), quietHours: null });
    await call(a, 'POST', `/api/chats/${chatId}/messages`, { text: 'Hi again' });
    await anHourPasses(b.user.id);
    await call(a, 'POST', `/api/chats/${chatId}/messages`, { text: 'Are you there?' });
    expect((await mailsTo(b.user.email)).map((m) => m.subject)).toEqual([
      NOTIFICATION_TEXT['new chat'](a.user.first_name),
      NOTIFICATION_TEXT.message(a.user.first_name, 'Are you there?'),
    ]);
  });

  it('"E-mail alerts" off turns every kind’s e-mail off; on brings back the defaults', async () => {
    const jo = await student();
    await save(jo, { kinds: withChoice(DEFAULT_CHOICES, 'news', 'email', true), quietHours: null });
    expect(
      (await call(jo, 'PATCH', '/api/me/account', { emailNotifications: false })).statusCode,
    ).toBe(200);
    expect(everyEmail(await settingsOf(jo)).every((on) => !on)).toBe(true);
    const me = await call(jo, 'PATCH', '/api/me/account', { emailNotifications: true });
    expect(me.json().viewer.emailNotifications).toBe(true);
    expect((await settingsOf(jo)).kinds).toEqual(DEFAULT_CHOICES);
    // Every kind's e-mail turned off in the grid is the switch off.
    const allOff = Object.fromEntries(
      Object.entries(DEFAULT_CHOICES).map(([k, c]) => [k, { ...c, email: false }]),
    );
    await save(jo, { kinds: allOff, quietHours: null });
    expect((await call(jo, 'GET', '/api/me')).json().viewer.emailNotifications).toBe(false);
  });
});

describe('migration 0030', () => {
  let old: TestDb;
  beforeAll(async () => {
    old = await createTestDb({ upTo: '0026-campuses' });
    for (const [id, wants] of [
      ['quiet', false],
      ['keen', true],
    ] as const)
      await old.kysely
        .insertInto('users')
        .values({
          id,
          campus_id: 'ut',
          email: `${id}@example.com`,
          username: id,
          first_name: 'Sam',
          last_name: 'Lee',
          email_notifications: wants,
          created_at: 1,
          updated_at: 1,
        } as never)
        .execute();
    await migrateToLatest(old);
  });
  afterAll(() => old.close());

  it('turns e-mail off for every kind of a student who had e-mail alerts off', async () => {
    const at = Date.now();
    for (const kind of Object.keys(DEFAULT_CHOICES) as (keyof KindChoices)[]) {
      expect([...(await allows(old.kysely, ['quiet', 'keen'], kind, 'email', at)).keys()]).toEqual(
        DEFAULT_CHOICES[kind].email ? ['keen'] : [],
      );
      expect((await allows(old.kysely, ['quiet'], kind, 'inApp', at)).has('quiet')).toBe(true);
    }
    const rows = await old.kysely.selectFrom('notification_settings').selectAll().execute();
    expect(rows.map((r) => r.user_id)).toEqual(['quiet']);
    expect(Object.values(JSON.parse(rows[0]!.choices))).toEqual(
      Object.keys(DEFAULT_CHOICES).map(() => ({ email: false })),
    );
  });
});
