import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ASK_SOLD_AFTER_MS,
  BUMP_EVERY_MS,
  LISTING_LIFETIME_MS,
  LISTING_MESSAGES as L,
} from '@common/listings';
import type { NotificationDto } from '@common/schemas/notifications';
import type { PostDto, PostList, PostPage } from '@common/schemas/posts';
import type { SearchPosts } from '@common/schemas/search';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { postsRepository } from './posts.repository';

/** The listing's lifecycle: "Did it sell?", bumps, 60-day expiry and Renew (ADR 029). */

const DAY = 24 * 60 * 60 * 1000;

let t: TestContext;
let second: App;
let secondDir: string;
let onUt: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  // A second server on the same database, as two servers share PostgreSQL.
  secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-test-'));
  second = await buildTestApp(t.db, secondDir);
  onUt = callerOn(t.app, 'ut', '198.72');
});
afterAll(async () => {
  await second?.close();
  fs.rmSync(secondDir, { recursive: true, force: true });
  await t?.close();
});

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (campus = 'ut') =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: campus });

/** A listing posted through the API, as a seller posts it. */
async function post(seller: Student, body: Record<string, unknown>): Promise<PostDto> {
  const res = await onUt(seller, 'POST', '/api/posts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Moves a post's times back, as if `days` had passed since it was posted or last touched. */
async function age(id: string, days: number, columns: Record<string, number | null> = {}) {
  const row = await t.db.kysely
    .selectFrom('posts')
    .select(['created_at', 'updated_at', 'ask_sold_at', 'expires_at', 'bumped_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const back = (v: number | null) => (v === null ? null : v - days * DAY);
  await t.db.kysely
    .updateTable('posts')
    .set({
      created_at: back(row.created_at)!,
      updated_at: back(row.updated_at)!,
      ask_sold_at: back(row.ask_sold_at),
      expires_at: back(row.expires_at),
      bumped_at: back(row.bumped_at),
      ...columns,
    })
    .where('id', '=', id)
    .execute();
  t.app.services.posts.changed('ut');
  second.services.posts.changed('ut');
}

/**
 * A statement's plan: SQLite's `explain query plan`, or PostgreSQL's `explain`
 * with scans priced out (a test table is small enough for a scan; this shows
 * the index is usable as it is with production's rows).
 */
async function planOf(query: CompiledQuery): Promise<string> {
  if (t.db.dialect === 'sqlite') {
    const rows = await t.db.kysely.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    return rows.rows.map((r) => r.detail).join('\n');
  }
  return t.db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      ...query,
      sql: `explain ${query.sql}`,
    });
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const notificationsOf = async (who: Student): Promise<NotificationDto[]> =>
  (await onUt(who, 'GET', '/api/notifications')).json().items;
const questionsOf = async (who: Student) =>
  (await notificationsOf(who)).filter((n) => n.type === 'did it sell');

async function feedIds(who: Student, query = ''): Promise<string[]> {
  const res = await onUt(who, 'GET', `/api/feed?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PostList).items.map((p) => p.id);
}

async function searchIds(who: Student, q: string): Promise<string[]> {
  const res = await onUt(who, 'GET', `/api/search/posts?q=${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchPosts).items.map((p) => p.id);
}

describe('"Did it sell?"', () => {
  it('asks the seller once, 14 days after posting, whatever the servers running the job', async () => {
    const seller = await student();
    const listing = await post(seller, { text: 'Oak desk, barely used', price: 40 });
    const plain = await post(seller, { text: 'Anyone at the game tonight?' });
    const ask = (app: App) => app.services.posts.askDidItSell(Date.now());

    // Thirteen days on: not yet.
    await age(listing.id, 13);
    await age(plain.id, 13);
    await Promise.all([ask(t.app), ask(second)]);
    expect(await questionsOf(seller)).toEqual([]);

    // Fourteen: the two servers' jobs at the same minute ask once between them.
    await age(listing.id, 1);
    await age(plain.id, 1);
    const sent = await Promise.all([ask(t.app), ask(second)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(await ask(t.app)).toBe(0);
    expect(await ask(second)).toBe(0);
    expect(await questionsOf(seller)).toEqual([
      expect.objectContaining({
        postId: listing.id,
        from: null,
        message: 'Did it sell? Oak desk, barely used',
      }),
    ]);
  });

  it('is asked of a post given a price later, 14 days after, and not of one whose price was taken away', async () => {
    const seller = await student();
    const plain = await post(seller, { text: 'Road bike, make an offer' });
    const unlisted = await post(seller, { text: 'Textbook bundle', price: 30 });
    const priced = await onUt(seller, 'PATCH', `/api/posts/${plain.id}`, { price: 120 });
    expect(priced.statusCode, priced.body).toBe(200);
    const dropped = await onUt(seller, 'PATCH', `/api/posts/${unlisted.id}`, { price: null });
    expect(dropped.statusCode, dropped.body).toBe(200);

    await age(plain.id, 13);
    await age(unlisted.id, 13);
    await t.app.services.posts.askDidItSell(Date.now());
    expect(await questionsOf(seller)).toEqual([]);
    await age(plain.id, 1);
    await age(unlisted.id, 1);
    await t.app.services.posts.askDidItSell(Date.now());
    expect((await questionsOf(seller)).map((q) => q.postId)).toEqual([plain.id]);
  });

  it('is not asked of a listing sold before its 14 days', async () => {
    const seller = await student();
    const listing = await post(seller, { text: 'Mini fridge', price: 60 });
    const res = await onUt(seller, 'PATCH', `/api/posts/${listing.id}`, { status: 'sold' });
    expect(res.statusCode, res.body).toBe(200);
    await age(listing.id, ASK_SOLD_AFTER_MS / DAY + 1);
    await t.app.services.posts.askDidItSell(Date.now());
    expect(await questionsOf(seller)).toEqual([]);
  });

  it('"Sold" marks it sold and "Delete" deletes it, for the seller only', async () => {
    const [seller, other] = [await student(), await student()];
    const listing = await post(seller, { text: 'Bike lock', price: 15 });
    const forOther = await onUt(other, 'PATCH', `/api/posts/${listing.id}`, { status: 'sold' });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().error.message).toBe(L.onlySeller);
    const sold = await onUt(seller, 'PATCH', `/api/posts/${listing.id}`, { status: 'sold' });
    expect(sold.json()).toMatchObject({ status: 'sold' });
    expect(await feedIds(other)).not.toContain(listing.id);

    const another = await post(seller, { text: 'Lamp', price: 5 });
    expect((await onUt(other, 'DELETE', `/api/posts/${another.id}`)).statusCode).toBe(403);
    expect((await onUt(seller, 'DELETE', `/api/posts/${another.id}`)).statusCode).toBe(200);
    expect((await onUt(seller, 'GET', `/api/posts/${another.id}`)).statusCode).toBe(404);
  });
  it('shows in the question how the seller answered it: Sold, or moved to the top since', async () => {
    const seller = await student();
    const [sold, kept, open] = [
      await post(seller, { text: 'Rice cooker', price: 20 }),
      await post(seller, { text: 'Desk fan', price: 12 }),
      await post(seller, { text: 'Yoga mat', price: 8 }),
    ];
    for (const listing of [sold, kept, open]) await age(listing.id, 15);
    await t.app.services.posts.askDidItSell(Date.now());
    const answers = async () =>
      Object.fromEntries((await questionsOf(seller)).map((q) => [q.postId, q.answer]));
    expect(await answers()).toEqual({ [sold.id]: null, [kept.id]: null, [open.id]: null });

    await onUt(seller, 'PATCH', `/api/posts/${sold.id}`, { status: 'sold' });
    expect((await onUt(seller, 'POST', `/api/posts/${kept.id}/renew`)).statusCode).toBe(200);
    expect(await answers()).toEqual({
      [sold.id]: 'sold',
      [kept.id]: 'still available',
      [open.id]: null,
    });
    // Other notifications carry no answer.
    const other = await student();
    await onUt(other, 'PUT', `/api/posts/${open.id}/like`);
    const save = (await notificationsOf(seller)).find((n) => n.type === 'like');
    expect(save).toBeDefined();
    expect(save).not.toHaveProperty('answer');
  });
});

describe('"Still available" and Renew: a bump to the top, once a week', () => {
  it('moves the listing to the top of the feed, for the seller only, once a week', async () => {
    const [seller, other] = [await student(), await student()];
    const listing = await post(seller, { text: 'Desk chair', price: 25 });
    await age(listing.id, 14);
    await post(other, { text: 'Newer post' });
    expect((await feedIds(other))[0]).not.toBe(listing.id);

    const forOther = await onUt(other, 'POST', `/api/posts/${listing.id}/renew`);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().error.message).toBe(L.onlySeller);
    const elsewhere = callerOn(t.app, 'uf', '198.73');
    const fromUf = await userWithSession(t.app, {
      verified: true,
      school_verified: true,
      campus_id: 'uf',
    });
    expect((await elsewhere(fromUf, 'POST', `/api/posts/${listing.id}/renew`)).statusCode).toBe(
      404,
    );

    const bumped = await onUt(seller, 'POST', `/api/posts/${listing.id}/renew`);
    expect(bumped.statusCode, bumped.body).toBe(200);
    expect((bumped.json() as PostDto).bumpedAt).toBeGreaterThan(Date.now() - 60_000);
    // The cached first page went with the bump: the listing heads it at once.
    expect((await feedIds(other))[0]).toBe(listing.id);

    const again = await onUt(seller, 'POST', `/api/posts/${listing.id}/renew`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(L.bumpedThisWeek);

    // A week later it may be bumped again.
    await age(listing.id, BUMP_EVERY_MS / DAY);
    expect((await onUt(seller, 'POST', `/api/posts/${listing.id}/renew`)).statusCode).toBe(200);
  });

  it('refuses a plain post, a comment and a sold listing with their messages', async () => {
    const seller = await student();
    const plain = await post(seller, { text: 'Just a thought' });
    const res = await onUt(seller, 'POST', `/api/posts/${plain.id}/renew`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(L.notRenewable);
    const listing = await post(seller, { text: 'Printer', price: 30 });
    const comment = await post(seller, { text: 'Still here', parentId: listing.id });
    expect((await onUt(seller, 'POST', `/api/posts/${comment.id}/renew`)).statusCode).toBe(400);
    await onUt(seller, 'PATCH', `/api/posts/${listing.id}`, { status: 'sold' });
    const sold = await onUt(seller, 'POST', `/api/posts/${listing.id}/renew`);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().error.message).toBe(L.soldNotRenewable);
  });
});

describe('expiry after 60 untouched days', () => {
  it('leaves the feed and search, stays on the profile and its page; Renew brings it back', async () => {
    const [seller, other] = [await student(), await student()];
    const listing = await post(seller, { text: 'Quokkawood bookshelf', price: 35 });
    const plain = await post(seller, { text: 'Quokkawood question' });
    expect(listing.expiresAt).toBeGreaterThan(Date.now() + LISTING_LIFETIME_MS - 60_000);
    expect(plain.expiresAt).toBeNull();
    expect(await feedIds(other)).toContain(listing.id);
    expect(await searchIds(other, 'quokkawood')).toContain(listing.id);

    await age(listing.id, 59);
    expect(await feedIds(other)).toContain(listing.id);
    await age(listing.id, 1);
    await age(plain.id, 61);
    expect(await feedIds(other)).not.toContain(listing.id);
    expect(await feedIds(other, 'includeSold=true')).not.toContain(listing.id);
    expect(await feedIds(other, 'sort=price')).not.toContain(listing.id);
    expect(await searchIds(other, 'quokkawood')).toEqual([plain.id]);
    // A plain post never expires.
    expect(await feedIds(other)).toContain(plain.id);

    const page = await onUt(other, 'GET', `/api/posts/${listing.id}`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as PostPage).post.expiresAt).toBeLessThanOrEqual(Date.now());
    const profile = await onUt(other, 'GET', `/api/users/${seller.user.username}/posts`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(JSON.stringify(profile.json())).toContain(listing.id);

    const renewed = await onUt(seller, 'POST', `/api/posts/${listing.id}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((renewed.json() as PostDto).expiresAt).toBeGreaterThan(Date.now());
    expect((await feedIds(other))[0]).toBe(listing.id);
    expect(await searchIds(other, 'quokkawood')).toContain(listing.id);
  });

  it('an edit by the seller counts as a touch: the listing is current again', async () => {
    const [seller, other] = [await student(), await student()];
    const listing = await post(seller, { text: 'Standing lamp', price: 20 });
    await age(listing.id, 61);
    expect(await feedIds(other)).not.toContain(listing.id);
    const res = await onUt(seller, 'PATCH', `/api/posts/${listing.id}`, { price: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PostDto).expiresAt).toBeGreaterThan(Date.now());
    expect(await feedIds(other, 'sort=price&maxPrice=15')).toContain(listing.id);
  });
});

describe('the plans', () => {
  it('the "Did it sell?" job reads only due questions, through posts_ask_sold', async () => {
    const query = postsRepository.askSoldDueQuery(t.db.kysely, Date.now(), 200).compile();
    const plan = await planOf(query);
    if (t.db.dialect === 'sqlite')
      expect(plan).toMatch(/SEARCH posts USING (COVERING )?INDEX posts_ask_sold \(ask_sold_at[<>]/);
    else expect(plan).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) posts_ask_sold\b/);
  });

  it('the feed still walks its index (posts_feed) in order, expired listings tested on the way', async () => {
    const query = postsRepository
      .feedQuery(t.db.kysely, {
        campusId: 'ut',
        limit: 20,
        order: 'recent',
        at: Date.now(),
        dialect: t.db.dialect,
      })
      .compile();
    const plan = await planOf(query);
    if (t.db.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH posts USING INDEX posts_feed \(campus_id=\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plan).toMatch(/Index Scan( Backward)? using posts_feed on posts/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});
