import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Dashboard, DashboardDay } from '@common/schemas/dashboard';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, userWithSession } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { DAY_MS } from './analytics.repository';

const ADMIN = 'operator@quad.example';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
});
afterAll(() => t.close());

const today = Math.floor(Date.now() / DAY_MS);
/** Days of their own, far enough back that other tests' rows land elsewhere. */
const D1 = today - 100;
const D2 = today - 99;
const at = (day: number, hour: number) => day * DAY_MS + hour * 3_600_000;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Two Duke students and one at UT, acting on two known days. */
async function seed(): Promise<void> {
  const [a, b, c] = await Promise.all([
    buildUser(t.db, { campus_id: 'duke' }),
    buildUser(t.db, { campus_id: 'duke' }),
    buildUser(t.db, { campus_id: 'ut' }),
  ]);
  const event = (name: string, user: { id: string; campus_id: string }, createdAt: number) => ({
    id: uuidv7(),
    name,
    user_id: user.id,
    campus_id: user.campus_id,
    props: '{}',
    created_at: createdAt,
  });
  const db = t.db.kysely;
  await db
    .insertInto('events')
    .values([
      event('Login', a!, at(D1, 0)),
      event('Submit Post', a!, at(D1, 1)),
      event('Page View', b!, at(D1, 23)),
      event('Submit Post', c!, at(D1, 5)),
      event('Submit Post', a!, at(D2, 2)),
    ])
    .execute();
  const [low, high] = [a!.id, c!.id].sort();
  const chatId = uuidv7();
  await db
    .insertInto('chats')
    .values({
      id: chatId,
      user_low: low!,
      user_high: high!,
      started_by: a!.id,
      last_message_text: null,
      last_message_id: null,
      listing_id: null,
      created_at: at(D1, 3),
      updated_at: at(D1, 3),
    })
    .execute();
  const message = (sender: string, createdAt: number) => ({
    id: uuidv7(),
    chat_id: chatId,
    sender_id: sender,
    text: 'Still available?',
    shared_post_id: null,
    media_count: 0,
    warnings: null,
    about_post_id: null,
    created_at: createdAt,
  });
  await db
    .insertInto('messages')
    .values([message(a!.id, at(D1, 3)), message(a!.id, at(D1, 4)), message(c!.id, at(D1, 6))])
    .execute();
  await db
    .insertInto('sales')
    .values({
      id: uuidv7(),
      campus_id: 'duke',
      listing_id: null,
      title: 'Desk lamp',
      price: 15,
      seller_id: a!.id,
      buyer_id: null,
      created_at: at(D2, 12),
    })
    .execute();
  const report = (campus: string, target: string, createdAt: number) => ({
    id: uuidv7(),
    reporter_id: b!.id,
    target_user_id: target,
    target_post_id: null,
    target_message_id: null,
    reason: 'spam',
    created_at: createdAt,
    campus_id: campus,
    closed_at: null,
    outcome: null,
  });
  await db
    .insertInto('reports')
    .values([report('duke', a!.id, at(D1, 8)), report('ut', c!.id, at(D2, 9))])
    .execute();
}

const day = (date: number, counts: Omit<DashboardDay, 'date'>): DashboardDay => ({
  date: dateOf(date),
  ...counts,
});

describe('GET /api/admin/dashboard', () => {
  it("counts each campus's and all campuses' days, zero-filled, today last", async () => {
    await seed();
    const admin = await userWithSession(t.app, { email: ADMIN, verified: true });
    const read = async (query: string): Promise<Dashboard> => {
      const response = await api(t.app, {
        url: `/api/admin/dashboard?${query}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as Dashboard;
    };
    const pick = (dashboard: Dashboard, date: number) =>
      dashboard.days.find((d) => d.date === dateOf(date));

    const duke = await read('campus=duke&days=101');
    expect(duke.campus).toBe('duke');
    expect(duke.days).toHaveLength(101);
    expect(duke.days[0]!.date).toBe(dateOf(D1));
    expect(duke.days.at(-1)!.date).toBe(dateOf(today));
    expect(pick(duke, D1)).toEqual(
      day(D1, { activeStudents: 2, listings: 1, sales: 0, messages: 2, reports: 1 }),
    );
    expect(pick(duke, D2)).toEqual(
      day(D2, { activeStudents: 1, listings: 1, sales: 1, messages: 0, reports: 0 }),
    );
    expect(pick(duke, D2 + 1)).toEqual(
      day(D2 + 1, { activeStudents: 0, listings: 0, sales: 0, messages: 0, reports: 0 }),
    );

    const all = await read('campus=all&days=101');
    expect(pick(all, D1)).toEqual(
      day(D1, { activeStudents: 3, listings: 2, sales: 0, messages: 3, reports: 1 }),
    );
    expect(pick(all, D2)).toEqual(
      day(D2, { activeStudents: 1, listings: 1, sales: 1, messages: 0, reports: 1 }),
    );

    // The default is every campus over 30 days; the longest range is the 13 months kept.
    const month = await read('');
    expect([month.campus, month.days.length]).toEqual(['all', 30]);
    expect((await read('days=396')).days).toHaveLength(396);
    const tooLong = await api(t.app, {
      url: '/api/admin/dashboard?days=397',
      cookie: admin.cookie,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers 404 to everyone but a verified admin, before reading the query', async () => {
    const notFound = {
      error: { code: 'not_found', message: 'Route GET /api/admin/dashboard not found' },
    };
    const student = await userWithSession(t.app, { verified: true, school_verified: true });
    await t.db.kysely.deleteFrom('users').where('email', '=', ADMIN).execute();
    const unproven = await userWithSession(t.app, { email: ADMIN, verified: false });
    for (const cookie of [undefined, student.cookie, unproven.cookie]) {
      for (const url of ['/api/admin/dashboard', '/api/admin/dashboard?days=nonsense']) {
        const response = await api(t.app, { url, cookie });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
    }
  });

  it('marks the admin, and only the admin, on /api/me', async () => {
    const admin = await userWithSession(t.app, {
      email: `Op-${uuidv7()}@x.example`,
      verified: true,
    });
    const student = await userWithSession(t.app, { verified: true, school_verified: true });
    const me = async (cookie: string) =>
      (await api(t.app, { url: '/api/me', cookie })).json().viewer as { admin?: true };
    expect((await me(student.cookie)).admin).toBeUndefined();
    // Not named in ADMIN_EMAILS: no mark.
    expect((await me(admin.cookie)).admin).toBeUndefined();
    await t.db.kysely.deleteFrom('users').where('email', '=', ADMIN).execute();
    const named = await userWithSession(t.app, { email: ADMIN, verified: true });
    expect((await me(named.cookie)).admin).toBe(true);
  });
});
