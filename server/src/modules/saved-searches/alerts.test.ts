import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type QueryCounter, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';
import { DIGEST_AFTER_MS, MAIL_WINDOW_MS } from './saved-searches.alerts';
import { SETTINGS_PATH } from './saved-searches.mails';
import { savedSearchesRepository } from './saved-searches.repository';
import { lookupKeys } from './saved-searches.terms';

/** Saved-search matching, notifications and the e-mail throttle (ADR 010). */

const queries: QueryCounter = { count: 0 };
let t: TestContext;
let call: ReturnType<typeof callerOn>;
let onUt: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp({ queries });
  call = callerOn(t.app, 'ou', '198.42');
  onUt = callerOn(t.app, 'ut', '198.43');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou', ...overrides });

const alerts = () => t.app.services.savedSearchAlerts;

async function saveSearch(who: Student, body: object): Promise<string> {
  const res = await call(who, 'POST', '/api/me/saved-searches', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Posts through the API and waits for the matching that runs after the commit. */
async function post(who: Student, body: { text: string; category?: string }): Promise<string> {
  const res = await call(who, 'POST', '/api/posts', body);
  expect(res.statusCode, res.body).toBe(201);
  await alerts().idle();
  return res.json().id;
}

const alertsOf = (who: Student) =>
  t.db.kysely
    .selectFrom('notifications')
    .select(['post_id', 'message', 'from_user_id'])
    .where('to_user_id', '=', who.user.id)
    .where('type', '=', 'saved search')
    .orderBy('created_at')
    .execute();
const alertedPosts = async (who: Student) => (await alertsOf(who)).map((n) => n.post_id);

const mailsTo = (who: Student) =>
  t.db.kysely
    .selectFrom('mail_outbox')
    .select(['subject', 'text', 'html'])
    .where('to_address', '=', who.user.email)
    // In the order queued (ids are time-ordered): a test's clock may run ahead.
    .orderBy('id')
    .execute();

describe('matching a new listing', () => {
  it('notifies and mails at once: plural, words begun, any order', async () => {
    const [buyer, seller] = [await student(), await student({ first_name: 'Sam' })];
    await saveSearch(buyer, { query: 'oak desk' });
    const desks = await post(seller, { text: 'Two OAK desks for sale, $30 each' });
    const notes = await alertsOf(buyer);
    expect(notes).toEqual([
      {
        post_id: desks,
        message: NOTIFICATION_TEXT['saved search']('oak desk', 'Two OAK desks for sale, $30 each'),
        from_user_id: seller.user.id,
      },
    ]);
    const res = await call(buyer, 'GET', '/api/notifications');
    expect(res.json().items[0]).toMatchObject({ type: 'saved search', postId: desks });
    const [mail] = await mailsTo(buyer);
    expect(mail!.subject).toBe(notes[0]!.message);
    expect(mail!.text).toContain(`/post/${desks}`);
    expect(mail!.text).toContain(`http://ou.localhost:3000${SETTINGS_PATH}`);
    // Only one word of the two: no match.
    await post(seller, { text: 'Oak bookshelf' });
    expect(await alertedPosts(buyer)).toEqual([desks]);
  });

  it('matches a misspelt saved query through its corrections, and singular to plural', async () => {
    const [buyer, seller] = [await student(), await student()];
    await post(seller, { text: 'Trek bicycle, new tyres' });
    await saveSearch(buyer, { query: 'bycicle' });
    await saveSearch(buyer, { query: 'chairs' });
    const bike = await post(seller, { text: 'Bicycle with a lock' });
    const chair = await post(seller, { text: 'Desk chair, comfy' });
    expect(await alertedPosts(buyer)).toEqual([bike, chair]);
  });

  it('keeps a word nobody has posted yet, and matches its category and category words', async () => {
    const [buyer, seller] = [await student(), await student()];
    await saveSearch(buyer, { query: 'zorbiscope' });
    await saveSearch(buyer, { query: 'lamp', category: 'home decor' });
    await saveSearch(buyer, { query: 'tickets' });
    const first = await post(seller, { text: 'Zorbiscopes, two of them' });
    await post(seller, { text: 'Lamp, brass', category: 'household' });
    const lamp = await post(seller, { text: 'Lamp, brass', category: 'home decor' });
    const game = await post(seller, { text: 'Two for Saturday’s game', category: 'tickets' });
    expect(await alertedPosts(buyer)).toEqual([first, lamp, game]);
  });

  it('on the media tab, only listings with photos or videos', async () => {
    const [buyer, seller] = [await student(), await student()];
    await saveSearch(buyer, { query: 'camera', show: 'media', email: 'off' });
    await post(seller, { text: 'Camera, no photo yet' });
    const withPhoto = await buildPost(t.db, seller.user, { text: 'Camera', media_count: 1 });
    alerts().posted(withPhoto);
    await alerts().idle();
    expect(await alertedPosts(buyer)).toEqual([withPhoto.id]);
    expect(await mailsTo(buyer)).toEqual([]);
  });

  it('never for a paused search, my own post, a comment, or another campus', async () => {
    const [buyer, seller] = [await student(), await student()];
    const paused = await saveSearch(buyer, { query: 'kettle' });
    await saveSearch(buyer, { query: 'toaster' });
    await call(buyer, 'PATCH', `/api/me/saved-searches/${paused}`, { paused: true });
    await post(seller, { text: 'Kettle, electric' });
    await post(buyer, { text: 'Toaster, my own' });
    const parent = await post(seller, { text: 'Breakfast things' });
    await call(seller, 'POST', '/api/posts', { text: 'Toaster too', parentId: parent });
    const utSeller = await student({ campus_id: 'ut' });
    expect((await onUt(utSeller, 'POST', '/api/posts', { text: 'Toaster, UT' })).statusCode).toBe(
      201,
    );
    await alerts().idle();
    expect(await alertedPosts(buyer)).toEqual([]);
    // Resumed, it matches again.
    await call(buyer, 'PATCH', `/api/me/saved-searches/${paused}`, { paused: false });
    const kettle = await post(seller, { text: 'Another kettle' });
    expect(await alertedPosts(buyer)).toEqual([kettle]);
  });

  it('tells a student once when two of their searches match one listing', async () => {
    const [buyer, seller] = [await student(), await student()];
    await saveSearch(buyer, { query: 'rug', email: 'daily' });
    await saveSearch(buyer, { query: 'wool rug' });
    await post(seller, { text: 'Wool rug, 5x7' });
    expect(await alertsOf(buyer)).toHaveLength(1);
    expect(await mailsTo(buyer)).toHaveLength(1);
  });
});

describe('what matching costs', () => {
  it('looks only at searches sharing a word with the listing, by the term index', async () => {
    const [buyer, seller] = [await student(), await student()];
    await saveSearch(buyer, { query: 'blender' });
    // The listing's analytics event is written after the answer: waited for on both sides,
    // so it counts in the post that recorded it and not in the next.
    const measure = async (text: string) => {
      await t.app.services.analytics.idle();
      const before = queries.count;
      await post(seller, { text });
      await t.app.services.analytics.idle();
      return queries.count - before;
    };
    await measure('Blender, barely used');
    const few = await measure('Blender, still boxed');
    for (let i = 0; i < 20; i++) {
      const other = await student();
      await saveSearch(other, { query: `gadget${i}` });
      await saveSearch(other, { query: `widget${i} thing` });
    }
    expect(await measure('Blender, like new')).toBe(few);
    const keys = lookupKeys('Blender, like new');
    const found = await savedSearchesRepository.candidates(
      t.db.kysely,
      { campusId: 'ou', authorId: seller.user.id },
      keys,
    );
    expect(found.map((s) => s.query)).toEqual(['blender']);
    if (t.db.dialect === 'sqlite') {
      const compiled = savedSearchesRepository
        .candidatesQuery(t.db.kysely, { campusId: 'ou', authorId: seller.user.id }, keys)
        .compile();
      const rows = await t.db.kysely.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `explain query plan ${compiled.sql}`,
      });
      // The terms are searched by (campus_id, term), never scanned.
      const plan = rows.rows.map((r) => r.detail);
      expect(
        plan.find((d) => /\bt\b/.test(d)),
        plan.join('\n'),
      ).toMatch(
        /^SEARCH t USING (COVERING )?INDEX \S*saved_search_terms\S* \(campus_id=\? AND term=\?\)/,
      );
    }
  });
});

describe('the e-mail throttle', () => {
  it('mails a search once an hour; the hour’s other matches go in one e-mail after it', async () => {
    const [buyer, seller] = [await student(), await student()];
    const id = await saveSearch(buyer, { query: 'futon' });
    const first = await post(seller, { text: 'Futon, blue' });
    const second = await post(seller, { text: 'Futon, green' });
    const third = await post(seller, { text: 'Futon frame' });
    expect(await alertedPosts(buyer)).toEqual([first, second, third]);
    let mails = await mailsTo(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/post/${first}`);
    await alerts().sendDue();
    expect(await mailsTo(buyer)).toHaveLength(1);

    // An hour later the held matches go together.
    await alerts().sendDue(Date.now() + MAIL_WINDOW_MS + 1000);
    mails = await mailsTo(buyer);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('2 new listings for "futon"');
    expect(mails[1]!.text).toContain(`/post/${second}`);
    expect(mails[1]!.text).toContain(`/post/${third}`);
    await alerts().sendDue(Date.now() + MAIL_WINDOW_MS + 2000);

    // Once the last e-mail is an hour old, the next match is mailed at once.
    await t.db.kysely
      .updateTable('saved_searches')
      .set({ last_mailed_at: Date.now() - MAIL_WINDOW_MS - 1000 })
      .where('id', '=', id)
      .execute();
    const fourth = await post(seller, { text: 'Futon cover' });
    mails = await mailsTo(buyer);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.text).toContain(`/post/${fourth}`);
  });

  it('mails nothing when e-mail is off for the search or for the student', async () => {
    const [buyer, seller] = [await student(), await student()];
    const quiet = await student({ email_notifications: false });
    await saveSearch(buyer, { query: 'mirror', email: 'off' });
    await saveSearch(quiet, { query: 'mirror' });
    await post(seller, { text: 'Mirror, full length' });
    expect(await alertsOf(buyer)).toHaveLength(1);
    expect(await alertsOf(quiet)).toHaveLength(1);
    await alerts().sendDue(Date.now() + DIGEST_AFTER_MS + 1000);
    expect([...(await mailsTo(buyer)), ...(await mailsTo(quiet))]).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('sends one e-mail per student a day with every match of their daily searches', async () => {
    const [buyer, seller] = [await student(), await student()];
    await saveSearch(buyer, { query: 'monitor', email: 'daily' });
    await saveSearch(buyer, { query: 'keyboard', email: 'daily' });
    const monitor = await post(seller, { text: 'Monitor, 27 inch' });
    const keyboard = await post(seller, { text: 'Mechanical keyboard' });
    expect(await alertedPosts(buyer)).toEqual([monitor, keyboard]);
    expect(await mailsTo(buyer)).toEqual([]);
    await alerts().sendDue(Date.now() + DIGEST_AFTER_MS - 60_000);
    expect(await mailsTo(buyer)).toEqual([]);

    const day = Date.now() + DIGEST_AFTER_MS + 1000;
    await alerts().sendDue(day);
    const [digest] = await mailsTo(buyer);
    expect(digest!.subject).toBe('Today on your saved searches: 2 new listings');
    expect(digest!.text).toContain('"monitor"');
    expect(digest!.text).toContain('"keyboard"');
    expect(digest!.text).toContain(`/post/${monitor}`);
    expect(digest!.text).toContain(`/post/${keyboard}`);
    await alerts().sendDue(day + 1000);
    expect(await mailsTo(buyer)).toHaveLength(1);
  });

  it('leaves out a listing deleted before the digest', async () => {
    const [buyer, seller] = [await student(), await student()];
    await saveSearch(buyer, { query: 'scooter', email: 'daily' });
    const gone = await post(seller, { text: 'Scooter, sold already' });
    expect((await call(seller, 'DELETE', `/api/posts/${gone}`)).statusCode).toBe(200);
    await alerts().sendDue(Date.now() + DIGEST_AFTER_MS + 1000);
    expect(await mailsTo(buyer)).toEqual([]);
  });
});
