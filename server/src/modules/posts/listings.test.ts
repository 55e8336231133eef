import { LISTING_MESSAGES as L } from '@common/listings';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { PostDto, PostList } from '@common/schemas/posts';
import type { SearchPosts } from '@common/schemas/search';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';

/** Listings: price, condition, status, price filters and drops (ADR 023). */

let t: TestContext;
let onUt: ReturnType<typeof callerOn>;
let onUf: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  onUt = callerOn(t.app, 'ut', '198.70');
  onUf = callerOn(t.app, 'uf', '198.71');
});
afterAll(() => t?.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (campus = 'ut') =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: campus });

let clock = Date.now() - 10_000_000;
/** A post written straight to the database, each newer than the last; the campus's pages go stale. */
async function listing(who: Student, extra: Parameters<typeof buildPost>[2] = {}) {
  clock += 1000;
  const post = await buildPost(t.db, who.user, { created_at: clock, updated_at: clock, ...extra });
  t.app.services.posts.changed(who.user.campus_id);
  return post;
}

async function feed(who: Student, query: string, call = onUt): Promise<PostList> {
  const res = await call(who, 'GET', `/api/feed?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('posting a listing', () => {
  it('keeps the price, "or best offer" and condition of a post; a plain post has none', async () => {
    const seller = await student();
    const res = await onUt(seller, 'POST', '/api/posts', {
      text: 'Desk, solid oak',
      price: 40,
      obo: true,
      condition: 'like_new',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      price: 40,
      obo: true,
      condition: 'like_new',
      status: 'available',
    });
    const plain = await onUt(seller, 'POST', '/api/posts', { text: 'Anyone going to the game?' });
    expect(plain.json()).toMatchObject({ price: null, obo: false, condition: null });
  });

  it.each([
    [{ price: 100_001 }, 'The price can be at most $100,000.'],
    [{ price: -1 }, 'The price cannot be below $0.'],
    [{ price: 12.5 }, 'Enter the price in whole dollars.'],
    [{ price: '40' }, 'Enter the price in whole dollars.'],
    [{ obo: true }, '"Or best offer" needs a price.'],
    [{ condition: 'mint' }, undefined],
  ])('refuses %j with its message', async (fields, message) => {
    const seller = await student();
    const res = await onUt(seller, 'POST', '/api/posts', { text: 'Lamp', ...fields });
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('gives a comment no price or condition', async () => {
    const seller = await student();
    const post = await listing(seller, { price: 10 });
    const res = await onUt(seller, 'POST', '/api/posts', {
      text: 'Still here',
      parentId: post.id,
      price: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Only a post can have a price or condition.');
  });
});

describe('price filters of the feed and search', () => {
  it('filters by price, free only, and leaves sold listings out unless asked', async () => {
    const seller = await student();
    const free = await listing(seller, { price: 0, text: 'Free couch zebrawood' });
    const ten = await listing(seller, { price: 10, text: 'Lamp zebrawood' });
    const forty = await listing(seller, { price: 40, text: 'Desk zebrawood' });
    const sold = await listing(seller, { price: 5, status: 'sold', text: 'Chair zebrawood' });
    const plain = await listing(seller, { text: 'Question zebrawood' });
    const ids = async (q: string) => (await feed(seller, q)).items.map((p) => p.id);
    const search = async (q: string) => {
      const res = await onUt(seller, 'GET', `/api/search/posts?q=zebrawood&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SearchPosts).items.map((p) => p.id);
    };

    expect(await ids('maxPrice=30')).toEqual(expect.arrayContaining([free.id, ten.id]));
    expect(await ids('maxPrice=30')).not.toContain(forty.id);
    expect(await ids('maxPrice=30')).not.toContain(sold.id);
    expect(await ids('maxPrice=30&includeSold=true')).toContain(sold.id);
    expect(await ids('')).not.toContain(sold.id);
    expect(await ids('')).toContain(plain.id);
    expect(await ids('free=true')).toContain(free.id);
    expect(await ids('free=true')).not.toContain(ten.id);
    expect(await ids('minPrice=20')).toContain(forty.id);
    expect(await ids('minPrice=20')).not.toContain(plain.id);
    // An empty value is no filter: not "$0 and up", which would hide plain posts.
    expect(await ids('minPrice=&maxPrice=')).toContain(plain.id);
    expect(await search('minPrice=')).toContain(plain.id);

    expect(await search('')).toEqual([plain.id, forty.id, ten.id, free.id]);
    expect(await search('includeSold=true')).toContain(sold.id);
    expect(await search('maxPrice=30')).toEqual([ten.id, free.id]);
    expect(await search('sort=price')).toEqual([free.id, ten.id, forty.id]);
    expect(await search('free=true')).toEqual([free.id]);
  });

  it('refuses a minimum above the maximum', async () => {
    const viewer = await student();
    for (const url of [
      '/api/feed?minPrice=50&maxPrice=10',
      '/api/search/posts?q=a&minPrice=50&maxPrice=10',
    ]) {
      const res = await onUt(viewer, 'GET', url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('The minimum price cannot be above the maximum.');
    }
  });

  it('pages by price, cheapest first, every matching listing exactly once', async () => {
    const seller = await student('uf');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }), {
          minLength: 0,
          maxLength: 45,
        }),
        fc.integer({ min: 0, max: 60 }),
        async (prices, maxPrice) => {
          await t.db.kysely.deleteFrom('posts').where('campus_id', '=', 'uf').execute();
          // Deleted behind the app's back: its cached pages of the campus go too, or a run
          // asking what an earlier one asked would read that run's posts.
          t.app.services.posts.changed('uf');
          const made: { id: string; price: number | null }[] = [];
          for (const price of prices) made.push({ ...(await listing(seller, { price })) });
          const seen: PostDto[] = [];
          let cursor: string | null = '';
          while (cursor !== null) {
            const page = await feed(
              seller,
              `sort=price&maxPrice=${maxPrice}${cursor ? `&cursor=${cursor}` : ''}`,
              onUf,
            );
            seen.push(...page.items);
            cursor = page.nextCursor;
          }
          const expected = made
            .filter((p) => p.price !== null && p.price <= maxPrice)
            // Among equal prices the newest first (ADR 031).
            .sort((a, b) => a.price! - b.price! || (a.id < b.id ? 1 : -1))
            .map((p) => p.id);
          expect(seen.map((p) => p.id)).toEqual(expected);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('changing a listing', () => {
  it('lets only the seller mark it sold; sold leaves the feed and stays on the profile', async () => {
    const seller = await student();
    const other = await student();
    const post = await listing(seller, { price: 25 });
    const refused = await onUt(other, 'PATCH', `/api/posts/${post.id}`, { status: 'sold' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only the seller can change this listing.');
    expect((await feed(other, '')).items.map((p) => p.id)).toContain(post.id);

    const res = await onUt(seller, 'PATCH', `/api/posts/${post.id}`, { status: 'sold' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sold', price: 25 });
    expect((await feed(other, '')).items.map((p) => p.id)).not.toContain(post.id);
    expect((await feed(other, 'includeSold=true')).items.map((p) => p.id)).toContain(post.id);
    const profile = await onUt(other, 'GET', `/api/users/${seller.user.username}/posts`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect((profile.json() as PostList).items.map((p) => p.id)).toContain(post.id);
    const page = await onUt(other, 'GET', `/api/posts/${post.id}`);
    expect(page.json().post.status).toBe('sold');
  });

  it('refuses an empty change and a price on a comment', async () => {
    const seller = await student();
    const post = await listing(seller, { price: 25 });
    const empty = await onUt(seller, 'PATCH', `/api/posts/${post.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Nothing to change.');
    const comment = await listing(seller, { parent_id: post.id, root_id: post.id, depth: 1 });
    const res = await onUt(seller, 'PATCH', `/api/posts/${comment.id}`, { price: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(L.notOnComments);
  });

  it('tells those who saved it of a lower price, never of a higher one, never the seller', async () => {
    const seller = await student();
    const saver = await student();
    const bystander = await student();
    const post = await listing(seller, { price: 40, text: 'Desk, solid oak' });
    expect((await onUt(saver, 'PUT', `/api/posts/${post.id}/like`)).statusCode).toBe(200);
    expect((await onUt(seller, 'PUT', `/api/posts/${post.id}/like`)).statusCode).toBe(200);
    const drops = async (who: Student) => {
      const res = await onUt(who, 'GET', '/api/notifications');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { type: string; message: string; postId: string }[]).filter(
        (n) => n.type === 'price drop',
      );
    };

    await onUt(seller, 'PATCH', `/api/posts/${post.id}`, { price: 45 });
    expect(await drops(saver)).toEqual([]);
    const res = await onUt(seller, 'PATCH', `/api/posts/${post.id}`, { price: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const [drop] = await drops(saver);
    expect(drop).toMatchObject({
      message: 'Price drop: Desk, solid oak is now $30',
      postId: post.id,
    });
    expect(NOTIFICATION_TEXT['price drop']('Free', 'Lamp')).toBe('Price drop: Lamp is now Free');
    expect(await drops(seller)).toEqual([]);
    expect(await drops(bystander)).toEqual([]);
  });
});
