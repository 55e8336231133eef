import { CATEGORIES } from '@common/categories';
import type { PostDto, PostList } from '@common/schemas/posts';
import type { ProfileReviewsDto } from '@common/schemas/sales';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { api, loginAs } from '../../test/auth';
import { CATALOG, DEMO_EXTRAS } from './catalog';
import { ARTS, illustrationSvg, ITEM_ART } from './illustrations';
import { writeDemo } from './seed';

/**
 * The demo data (`npm run seed`, docs/architecture.md "Demo data", ADR 049):
 * every listing has its price in its fields, free or not, with a mix of
 * "or best offer", pending and sold ones, so the feed's price filters and
 * sort show demo listings; and its photos are drawings of the item.
 */

let t: TestContext;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  // One campus, without photos: the data is what is tested here, the drawings below.
  const written = await writeDemo(t.db, t.app.deps.storage, { campuses: ['ut'], photos: false });
  const demo = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', written.demo[0]!.email)
    .executeTakeFirstOrThrow();
  cookie = await loginAs(t.app, demo);
}, 60_000);
afterAll(() => t.close());

const listings = () =>
  t.db.kysely
    .selectFrom('posts')
    .select(['price', 'obo', 'condition', 'status', 'category', 'text', 'expires_at'])
    .where('campus_id', '=', 'ut')
    .where('depth', '=', 0)
    .execute();

async function feed(query: string): Promise<PostDto[]> {
  const res = await api(t.app, { method: 'GET', url: `/api/feed?${query}`, cookie, campus: 'ut' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PostList).items;
}

describe('the demo listings', () => {
  it('each have a price in their fields, free or not, and never in their text', async () => {
    const rows = await listings();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const row of rows) {
      expect(row.price, row.text ?? '').not.toBeNull();
      expect(row.text).not.toMatch(/\$\d/);
      expect(row.expires_at).not.toBeNull();
    }
  });

  it('mix fixed prices, "or best offer", free things, pending and sold ones, and conditions', async () => {
    const rows = await listings();
    const count = (test: (r: (typeof rows)[number]) => boolean) => rows.filter(test).length;
    expect(count((r) => r.price === 0)).toBeGreaterThanOrEqual(2);
    expect(count((r) => Boolean(r.obo))).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.price! > 0 && !r.obo)).toBeGreaterThanOrEqual(10);
    expect(count((r) => r.status === 'sold')).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.status === 'pending')).toBeGreaterThanOrEqual(2);
    expect(count((r) => r.status === 'available')).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r) => r.condition)).size).toBeGreaterThanOrEqual(4);
    // Free things are never offered for less, and never said to be negotiable.
    for (const r of rows.filter((row) => row.price === 0)) expect(Boolean(r.obo)).toBe(false);
  });

  it('answer the feed\'s "Max price", "Price: low to high" and "Free only" filters', async () => {
    const cheap = await feed('maxPrice=50');
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((p) => p.price !== null && p.price <= 50)).toBe(true);

    const byPrice = await feed('sort=price');
    expect(byPrice.length).toBeGreaterThan(5);
    const prices = byPrice.map((p) => p.price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const free = await feed('free=true');
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((p) => p.price === 0)).toBe(true);

    // Sold ones leave the feed unless asked for.
    expect((await feed('')).some((p) => p.status === 'sold')).toBe(false);
    expect((await feed('includeSold=true&sort=price')).some((p) => p.status === 'sold')).toBe(true);
  });
});

describe('the demo sales', () => {
  it('sell each sold listing to a student, the demo login buying one, with reviews that show', async () => {
    const sold = (await listings()).filter((r) => r.status === 'sold').length;
    const sales = await t.db.kysely
      .selectFrom('sales')
      .selectAll()
      .where('campus_id', '=', 'ut')
      .execute();
    expect(sales).toHaveLength(sold);
    expect(sales.every((s) => s.buyer_id !== null && s.buyer_id !== s.seller_id)).toBe(true);
    const demo = await api(t.app, { method: 'GET', url: '/api/me', cookie, campus: 'ut' });
    const username = (demo.json() as { viewer: { username: string } }).viewer.username;
    const res = await api(t.app, {
      method: 'GET',
      url: `/api/users/${username}/reviews`,
      cookie,
      campus: 'ut',
    });
    const { stats, items } = res.json() as ProfileReviewsDto;
    expect(stats.bought).toBe(1);
    expect(stats.count).toBeGreaterThanOrEqual(1);
    expect(stats.average).not.toBeNull();
    expect(items.length).toBe(stats.count);
  });
});

describe('the demo photos', () => {
  it('draw every item of the catalogue and the extras', () => {
    const items = CATEGORIES.flatMap((c) => [...CATALOG[c], ...(DEMO_EXTRAS[c] ?? [])]);
    expect(items.filter((item) => !ITEM_ART[item.name]).map((item) => item.name)).toEqual([]);
  });

  it('are pictures, not flat tiles or words: every drawing renders with shapes and no text', async () => {
    for (const art of ARTS) {
      const svg = illustrationSvg(art, 1, 200, 200);
      expect(svg, art).not.toContain('<text');
      const { channels } = await sharp(Buffer.from(svg)).stats();
      // Lit and shaded parts: a wide spread of light in red, green and blue (alpha is opaque).
      for (const channel of channels.slice(0, 3)) expect(channel.stdev, art).toBeGreaterThan(20);
    }
  });
});
