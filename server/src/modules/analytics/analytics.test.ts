import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, userWithSession } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { DAY_MS } from './analytics.repository';

const STAFF = 'staff.member@quad.example';
const ADMIN = 'operator@quad.example';

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  // A built web app of one line, so pages render (and record their views).
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({
    env: {
      ANALYTICS_STAFF_EMAILS: `Someone@else.example,${STAFF}`,
      ADMIN_EMAILS: ADMIN,
      WEB_DIST: webDist,
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const eventsOf = async (userId: string) => {
  await t.app.services.analytics.idle();
  const rows = await t.db.kysely
    .selectFrom('events')
    .select(['name', 'props', 'campus_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ name: r.name, campus: r.campus_id, props: JSON.parse(r.props) }));
};

/** A student's acts: post a listing, switch the feed's category, open a page, delete the listing. */
async function actAs(cookie: string): Promise<string> {
  const posted = await api(t.app, {
    method: 'POST',
    url: '/api/posts',
    cookie,
    payload: { text: 'Desk lamp, works', category: 'furniture' },
  });
  expect(posted.statusCode).toBe(201);
  const comment = await api(t.app, {
    method: 'POST',
    url: '/api/posts',
    cookie,
    payload: { text: 'Still there?', parentId: posted.json().id },
  });
  expect(comment.statusCode).toBe(201);
  expect((await api(t.app, { url: '/api/feed?category=furniture', cookie })).statusCode).toBe(200);
  const page = await api(t.app, { url: '/saved', cookie, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  const removed = await api(t.app, {
    method: 'DELETE',
    url: `/api/posts/${posted.json().id}`,
    cookie,
  });
  expect(removed.statusCode).toBe(200);
  return posted.json().id as string;
}

describe('analytics events', () => {
  it("records a student's registration, sign-in, listings, category switch and page views", async () => {
    const email = `new-${uuidv7()}@example.com`;
    const registered = await api(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Jamie Rivera', email, password: 'violet-harbor-73', terms: true },
    });
    expect(registered.statusCode).toBe(201);
    const login = await api(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'violet-harbor-73' },
    });
    expect(login.statusCode).toBe(200);
    const newcomer = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await eventsOf(newcomer.id)).toEqual([
      { name: 'Complete Registration', campus: 'ou', props: { method: 'password' } },
      { name: 'Login', campus: 'ou', props: { method: 'password' } },
    ]);

    const { user, cookie } = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
    });
    const postId = await actAs(cookie);
    expect(await eventsOf(user.id)).toEqual([
      { name: 'Submit Post', campus: 'ou', props: { postId, category: 'furniture', media: 0 } },
      { name: 'Switch Post Category', campus: 'ou', props: { category: 'furniture' } },
      { name: 'Page View', campus: 'ou', props: { path: '/saved' } },
      { name: 'Delete Post', campus: 'ou', props: { postId } },
    ]);
  });

  it('never records staff accounts, by account or school e-mail', async () => {
    const staff = await userWithSession(t.app, {
      email: STAFF,
      verified: true,
      school_verified: true,
    });
    await actAs(staff.cookie);
    expect(await eventsOf(staff.user.id)).toEqual([]);
    const schoolStaff = await userWithSession(t.app, {
      school_email: 'someone@else.example',
      verified: true,
      school_verified: true,
    });
    await actAs(schoolStaff.cookie);
    expect(await eventsOf(schoolStaff.user.id)).toEqual([]);
  });
});

describe('GET /api/admin/analytics', () => {
  it('counts daily active students and listings per UTC day, zero-filled', async () => {
    const today = Math.floor(Date.now() / DAY_MS);
    // Days of their own, far enough back that the other tests' events land elsewhere.
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => buildUser(t.db)));
    const at = (daysAgo: number, hour = 1) => (today - daysAgo) * DAY_MS + hour * 3_600_000;
    const event = (name: string, userId: string, createdAt: number) => ({
      id: uuidv7(),
      name,
      user_id: userId,
      campus_id: 'ou',
      props: '{}',
      created_at: createdAt,
    });
    await t.db.kysely
      .insertInto('events')
      .values([
        event('Login', a!.id, at(3)),
        event('Submit Post', a!.id, at(3, 2)),
        event('Submit Post', a!.id, at(3, 5)),
        event('Page View', b!.id, at(3, 23)),
        event('Submit Post', c!.id, at(2)),
        event('Page View', a!.id, at(5)),
      ])
      .execute();
    const admin = await userWithSession(t.app, { email: ADMIN, verified: true });
    const response = await api(t.app, { url: '/api/admin/analytics?days=5', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const days = response.json().days as {
      date: string;
      activeStudents: number;
      listings: number;
    }[];
    expect(days).toHaveLength(5);
    const dateOf = (daysAgo: number) =>
      new Date((today - daysAgo) * DAY_MS).toISOString().slice(0, 10);
    expect(days.map((d) => d.date)).toEqual([4, 3, 2, 1, 0].map(dateOf));
    expect(days[0]).toEqual({ date: dateOf(4), activeStudents: 0, listings: 0 });
    expect(days[1]).toEqual({ date: dateOf(3), activeStudents: 2, listings: 2 });
    expect(days[2]).toEqual({ date: dateOf(2), activeStudents: 1, listings: 1 });
    // The default is 30 days, today last.
    const month = await api(t.app, { url: '/api/admin/analytics', cookie: admin.cookie });
    expect(month.json().days).toHaveLength(30);
    expect(month.json().days.at(-1).date).toBe(dateOf(0));
    expect(month.json().days.at(-6)).toEqual({ date: dateOf(5), activeStudents: 1, listings: 0 });
  });

  it('answers 404 to everyone but a verified admin, before reading the query', async () => {
    const notFound = {
      error: { code: 'not_found', message: 'Route GET /api/admin/analytics not found' },
    };
    const student = await userWithSession(t.app, { verified: true, school_verified: true });
    // An unverified account with the admin's address proves nothing about who holds it.
    await t.db.kysely.deleteFrom('users').where('email', '=', ADMIN).execute();
    const unproven = await userWithSession(t.app, { email: ADMIN, verified: false });
    for (const cookie of [undefined, student.cookie, unproven.cookie]) {
      for (const url of ['/api/admin/analytics', '/api/admin/analytics?days=nonsense']) {
        const response = await api(t.app, { url, cookie });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
    }
  });
});

describe('retention', () => {
  it('sweeps only events older than 13 months', async () => {
    const user = await buildUser(t.db);
    const now = Date.now();
    const old = { id: uuidv7(), created_at: now - 397 * DAY_MS };
    const kept = { id: uuidv7(), created_at: now - 390 * DAY_MS };
    const recent = { id: uuidv7(), created_at: now - DAY_MS };
    await t.db.kysely
      .insertInto('events')
      .values(
        [old, kept, recent].map((e) => ({
          ...e,
          name: 'Login',
          user_id: user.id,
          campus_id: 'ou',
          props: '{}',
        })),
      )
      .execute();
    expect(await t.app.services.analytics.sweep()).toBeGreaterThanOrEqual(1);
    const left = await t.db.kysely
      .selectFrom('events')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([kept.id, recent.id].sort());
  });
});
