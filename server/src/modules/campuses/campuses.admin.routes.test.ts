import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCampus } from '@common/schemas/admin-campuses';
import { CAMPUS_MESSAGES } from '@common/schemas/campus';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, userWithSession } from '../../../test/auth';

const ADMIN = 'operator@quad.example';
const MOD_OU = 'mod@ou.edu';

let t: TestContext;
let admin: { cookie: string };
const nextIp = addressSequence('198.61');
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, MODERATORS: `ou:${MOD_OU}` } });
  admin = await userWithSession(t.app, { email: ADMIN, verified: true });
});
afterAll(() => t.close());

const rice = (changes: Record<string, unknown> = {}) => ({
  id: 'rice',
  name: 'Rice',
  productName: 'Rice Buy / Sell',
  schoolName: 'Rice University',
  city: 'Houston, Texas',
  state: 'TX',
  emailDomains: ['rice.edu'],
  theme: { primary: '#00205b', accent: '#7c7e7f' },
  instagram: 'ricebuysell',
  supportEmail: 'rice@quadcampus.app',
  spots: [
    { id: 'rmc', name: 'Rice Memorial Center', description: 'By the main doors.' },
    { id: 'fondren', name: 'Fondren Library entrance', description: 'Inside the doors.' },
  ],
  ...changes,
});

const call = (
  who: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  campus = 'ou',
) =>
  api(t.app, {
    method,
    url,
    campus,
    remoteAddress: nextIp(),
    ...(who ? { cookie: who.cookie } : {}),
    ...(payload ? { payload } : {}),
  });

describe('the admin campus routes refuse everyone but the operators', () => {
  const routes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
    ['GET', '/api/admin/campuses'],
    ['POST', '/api/admin/campuses', rice({ id: 'nope' })],
    ['PATCH', '/api/admin/campuses/ut', { city: 'Anywhere' }],
    ['POST', '/api/admin/campuses/ut/retire'],
  ];

  it('answers 404 to a guest, a student, a moderator and a student of another campus', async () => {
    const viewers = [
      null,
      await userWithSession(t.app, { verified: true, school_verified: true }),
      await userWithSession(t.app, { email: MOD_OU, verified: true, school_verified: true }),
      await userWithSession(t.app, { campus_id: 'ut', verified: true, school_verified: true }),
    ];
    for (const viewer of viewers)
      for (const [method, url, body] of routes) {
        const res = await call(viewer, method, url, body, viewer === viewers[3] ? 'ut' : 'ou');
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    const ut = await call(admin, 'GET', '/api/admin/campuses');
    expect(ut.json().items.find((c: AdminCampus) => c.id === 'ut')).toMatchObject({
      status: 'active',
      city: 'Austin, Texas',
    });
  });

  it('refuses a change without the CSRF header, as every other write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/campuses',
      headers: { host: 'ou.localhost:3000', cookie: admin.cookie },
      payload: rice({ id: 'csrf', emailDomains: ['csrf.edu'] }),
    });
    expect(res.statusCode).toBe(403);
    const list = await call(admin, 'GET', '/api/admin/campuses');
    expect(list.json().items.some((c: AdminCampus) => c.id === 'csrf')).toBe(false);
  });
});

describe('an operator adds, edits and retires a campus', () => {
  it('lists every campus with its status, spots and flags', async () => {
    const res = await call(admin, 'GET', '/api/admin/campuses');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as AdminCampus[];
    expect(items.map((c) => c.id).slice(0, 2)).toEqual(['ou', 'ut']);
    expect(items[0]).toMatchObject({ isDefault: true, rankedFeed: true, logoMediaId: null });
    expect(items[0]!.spots!.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a campus the rules refuse, each problem beside its field, and saves nothing', async () => {
    const res = await call(
      admin,
      'POST',
      '/api/admin/campuses',
      rice({
        id: 'Rice!',
        emailDomains: ['rice.edu', 'utexas.edu'],
        theme: { primary: '#ffcc00', accent: '#000000' },
        spots: [rice().spots[0]],
        instagram: '@rice',
      }),
    );
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('campus_invalid');
    expect(error.fields).toEqual({
      id: 'id must be 2 to 20 lowercase letters or digits, like "mit".',
      instagram: 'instagram is the account name without @, like mitbuysell.',
    });
    expect(error.message).toBe('id must be 2 to 20 lowercase letters or digits, like "mit".');

    // With the shape right, the rules across fields and campuses speak.
    const cross = await call(
      admin,
      'POST',
      '/api/admin/campuses',
      rice({
        emailDomains: ['rice.edu', 'utexas.edu'],
        theme: { primary: '#ffcc00', accent: '#000000' },
        spots: [rice().spots[0]],
      }),
    );
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.fields).toEqual({
      'theme.primary':
        'theme.primary #ffcc00 gives white text a contrast of 1.51:1; WCAG AA needs at least 4.5:1. Choose a darker primary colour.',
      spots: 'A campus needs at least 2 meetup spots; this one has 1.',
      emailDomains: 'E-mail domain utexas.edu already belongs to campus ut (UT).',
    });
    expect(cross.json().error.messages).toHaveLength(3);
    const taken = await call(admin, 'POST', '/api/admin/campuses', rice({ id: 'ut' }));
    expect(taken.json().error.fields).toEqual({
      id: 'Campus id "ut" is taken: ut.{domain} already serves UT.',
    });
    const list = await call(admin, 'GET', '/api/admin/campuses');
    expect(list.json().items.some((c: AdminCampus) => c.id === 'rice')).toBe(false);
  });

  it('adds a campus its host serves at once, edits it but never its id, and retires it', async () => {
    const added = await call(admin, 'POST', '/api/admin/campuses', rice());
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      id: 'rice',
      productName: 'Rice Buy / Sell',
      status: 'active',
      isDefault: false,
      theme: { primary: '#00205b', onPrimary: '#ffffff', accent: '#7c7e7f' },
      url: 'http://rice.localhost:3000',
    });
    // No wait: the server that answered serves it already.
    const site = await t.app.inject({ url: '/api/campus', headers: { host: 'rice.localhost' } });
    expect(site.json()).toMatchObject({ id: 'rice', productName: 'Rice Buy / Sell' });

    const edited = await call(admin, 'PATCH', '/api/admin/campuses/rice', {
      city: 'Houston, TX',
      rankedFeed: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ city: 'Houston, TX', rankedFeed: true, id: 'rice' });
    const renamed = await call(admin, 'PATCH', '/api/admin/campuses/rice', { id: 'owls' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.fields).toEqual({
      id: 'A campus id never changes: rice stays rice.',
    });
    const unknown = await call(admin, 'PATCH', '/api/admin/campuses/nowhere', { city: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('There is no such campus.');

    const readOnly = await call(admin, 'POST', '/api/admin/campuses/rice/retire');
    expect(readOnly.json()).toMatchObject({ id: 'rice', status: 'read_only' });
    const student = await userWithSession(t.app, {
      campus_id: 'rice',
      verified: true,
      school_verified: true,
    });
    const post = await call(student, 'POST', '/api/posts', { text: 'Desk for sale' }, 'rice');
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toMatchObject({
      code: 'campus_read_only',
      message: CAMPUS_MESSAGES.readOnly,
    });
    const closed = await call(admin, 'POST', '/api/admin/campuses/rice/retire');
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const again = await call(admin, 'POST', '/api/admin/campuses/rice/retire');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Campus rice is already closed.');
    const ou = await call(admin, 'POST', '/api/admin/campuses/ou/retire');
    expect(ou.statusCode).toBe(409);
    expect(ou.json().error.message).toBe(
      'Campus ou serves hosts that name no campus: it cannot be retired.',
    );
  });

  it('moves the default campus, and never leaves none', async () => {
    const none = await call(admin, 'PATCH', '/api/admin/campuses/ou', { isDefault: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({
      isDefault: 'One campus serves hosts that name none: make another campus the default instead.',
    });
    const moved = await call(admin, 'PATCH', '/api/admin/campuses/ut', { isDefault: true });
    expect(moved.json()).toMatchObject({ isDefault: true });
    const bare = await t.app.inject({ url: '/api/campus', headers: { host: 'localhost' } });
    expect(bare.json().id).toBe('ut');
    const list = (await call(admin, 'GET', '/api/admin/campuses')).json().items as AdminCampus[];
    expect(list.filter((c) => c.isDefault).map((c) => c.id)).toEqual(['ut']);
    await call(admin, 'PATCH', '/api/admin/campuses/ou', { isDefault: true });
  });
});
