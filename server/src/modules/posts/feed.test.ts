import { CATEGORIES } from '@common/categories';
import { AUTH_MESSAGES } from '@common/messages';
import { PAGE_SIZES } from '@common/limits';
import type { PostDto, PostList } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createTestApp, type QueryCounter, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import type { TestDb } from '../../../test/db';
import { buildPhoto, buildPost, buildUser } from '../../../test/factories';
import { feedScore } from './posts.service';

/** GET /api/feed and /api/media (docs/product/posts-and-listings.md, Feed). */

let t: TestContext;
const nextIp = addressSequence();

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function reader(campus: string) {
  const user = await buildUser(t.db, { verified: true, school_verified: true, campus_id: campus });
  return { user, cookie: await loginAs(t.app, user) };
}

async function get(
  cookie: string,
  url: string,
  campus: string,
  app: App = t.app,
): Promise<PostList> {
  const response = await api(app, { method: 'GET', url, cookie, campus });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a list, following nextCursor until it is null. */
async function allPages(cookie: string, url: string, campus: string) {
  const pages: PostDto[][] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const page: PostList = await get(cookie, cursor ? `${url}${sep}cursor=${cursor}` : url, campus);
    pages.push(page.items);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return pages;
}

/** n top-level posts, one second apart in activity, oldest first. */
async function seed(campus: string, n: number, extra: (i: number) => object = () => ({})) {
  const author = await buildUser(t.db, {
    verified: true,
    school_verified: true,
    campus_id: campus,
  });
  const base = Date.now() - 10_000_000;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const at = base + i * 1000;
    rows.push(
      await buildPost(t.db, author, {
        created_at: at,
        updated_at: at,
        feed_score: feedScore(0, 0, at),
        ...extra(i),
      }),
    );
  }
  return rows;
}

describe('the feed', () => {
  it('asks a guest to sign in', async () => {
    const response = await api(t.app, { method: 'GET', url: '/api/feed', campus: 'ut' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.signInRequired);
  });

  it('pages 15 at a time, newest activity first, every post once, ending with a null cursor', async () => {
    const posts = await seed('smu', 37);
    const texan = await buildUser(t.db, { campus_id: 'ut' });
    const elsewhere = await buildPost(t.db, texan);
    const reply = await buildPost(t.db, texan, {
      campus_id: 'smu',
      parent_id: posts[0]!.id,
      root_id: posts[0]!.id,
      depth: 1,
    });
    const { cookie } = await reader('smu');
    const pages = await allPages(cookie, '/api/feed', 'smu');
    expect(pages.map((p) => p.length)).toEqual([15, 15, 7]);
    const ids = pages.flat().map((p) => p.id);
    expect(ids).toEqual(posts.map((p) => p.id).reverse());
    expect(ids).not.toContain(elsewhere.id);
    expect(ids).not.toContain(reply.id);
  });

  it('ends with an empty page and a null cursor when the last page is exactly full', async () => {
    await seed('uf', PAGE_SIZES.feed);
    const { cookie } = await reader('uf');
    const first = await get(cookie, '/api/feed', 'uf');
    expect(first.items).toHaveLength(15);
    expect(first.nextCursor).not.toBeNull();
    const second = await get(cookie, `/api/feed?cursor=${first.nextCursor}`, 'uf');
    expect(second).toEqual({ items: [], nextCursor: null });
  });

  it('does not skip or repeat posts with the same last activity', async () => {
    const at = Date.now() - 5_000_000;
    const posts = await seed('ucla', 32, () => ({ created_at: at, updated_at: at }));
    const { cookie } = await reader('ucla');
    const ids = (await allPages(cookie, '/api/feed', 'ucla')).flat().map((p) => p.id);
    expect(ids).toHaveLength(32);
    expect(new Set(ids)).toEqual(new Set(posts.map((p) => p.id)));
  });

  it('filters by category, and "all" shows every category', async () => {
    const [a, b] = CATEGORIES;
    const posts = await seed('stanford', 20, (i) => ({
      category: i % 2 === 0 ? a : i % 3 === 0 ? b : null,
    }));
    const { cookie } = await reader('stanford');
    const inA = (
      await allPages(cookie, `/api/feed?category=${encodeURIComponent(a!)}`, 'stanford')
    ).flat();
    expect(inA.map((p) => p.id)).toEqual(
      posts
        .filter((p) => p.category === a)
        .map((p) => p.id)
        .reverse(),
    );
    expect(inA.every((p) => p.category === a)).toBe(true);
    const all = (await allPages(cookie, '/api/feed?category=all', 'stanford')).flat();
    expect(all).toHaveLength(20);
    const bad = await api(t.app, {
      method: 'GET',
      url: '/api/feed?category=nonsense',
      cookie,
      campus: 'stanford',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a cursor it did not write', async () => {
    const { cookie } = await reader('duke');
    const response = await api(t.app, {
      method: 'GET',
      url: '/api/feed?cursor=garbage',
      cookie,
      campus: 'duke',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the ranked feed on OU', () => {
  it('shows 25 posts first, ranked by feed score, then 15 per page, every post once', async () => {
    // Scores out of step with activity: ranking, not time, orders the feed.
    const posts = await seed('ou', 33, (i) => ({ feed_score: (i * 7) % 33 }));
    const { cookie } = await reader('ou');
    const pages = await allPages(cookie, '/api/feed', 'ou');
    expect(pages[0]).toHaveLength(PAGE_SIZES.rankedFirstPage);
    expect(pages.slice(1).map((p) => p.length)).toEqual([8]);
    const ids = pages.flat().map((p) => p.id);
    const expected = [...posts].sort((x, y) => y.feed_score - x.feed_score).map((p) => p.id);
    expect(ids).toEqual(expected);
  });

  it('puts a post with likes and comments above a newer empty one (but not on other campuses)', async () => {
    for (const campus of ['ou', 'ut']) {
      const seller = await reader(campus);
      const fan = await reader(campus);
      const create = (payload: object) =>
        api(t.app, {
          method: 'POST',
          url: '/api/posts',
          payload,
          cookie: seller.cookie,
          campus,
          remoteAddress: nextIp(),
        });
      const popular: PostDto = (await create({ text: 'Popular' })).json();
      expect((await create({ text: 'Question', parentId: popular.id })).statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
      const empty: PostDto = (await create({ text: 'Newer and quiet' })).json();
      const like = await api(t.app, {
        method: 'PUT',
        url: `/api/posts/${popular.id}/like`,
        cookie: fan.cookie,
        campus,
      });
      expect(like.statusCode, like.body).toBe(200);

      const ids = (await get(fan.cookie, '/api/feed', campus)).items.map((p) => p.id);
      const order = [ids.indexOf(popular.id), ids.indexOf(empty.id)];
      expect(order.every((i) => i >= 0)).toBe(true);
      if (campus === 'ou') expect(order[0]).toBeLessThan(order[1]!);
      else expect(order[1]).toBeLessThan(order[0]!);
    }
  });
});

describe('the media feed', () => {
  it('shows only posts with photos or videos, 15 per page', async () => {
    const posts = await seed('campus', 40, (i) => ({ media_count: i % 2 }));
    const { cookie } = await reader('campus');
    const pages = await allPages(cookie, '/api/media', 'campus');
    expect(pages.map((p) => p.length)).toEqual([15, 5]);
    expect(pages.flat().map((p) => p.id)).toEqual(
      posts
        .filter((p) => p.media_count > 0)
        .map((p) => p.id)
        .reverse(),
    );
  });
});

describe('feed score', () => {
  it('is log10(max(1, likes + 2·comments + 1)) + created_at seconds / 45000', () => {
    expect(feedScore(0, 0, 0)).toBe(0);
    expect(feedScore(3, 3, 0)).toBeCloseTo(1, 12);
    expect(feedScore(97, 1, 0)).toBeCloseTo(2, 12);
    expect(feedScore(0, 0, 1000)).toBeCloseTo(1 / 45000, 12);
    expect(feedScore(0, 0, 45_000_000)).toBeCloseTo(1, 12);
    expect(feedScore(9, 0, 90_000_000)).toBeCloseTo(3, 12);
    const now = Date.now();
    expect(feedScore(4, 2, now)).toBeCloseTo(Math.log10(9) + now / 1000 / 45000, 9);
    // Ten times the engagement is worth 45000 seconds (12.5 hours) of age.
    expect(feedScore(9, 0, now)).toBeCloseTo(feedScore(0, 0, now + 45_000_000), 9);
  });

  it('is stored on the top-level post as it gets likes and comments', async () => {
    const { user, cookie } = await reader('ou');
    const create = (payload: object) =>
      api(t.app, {
        method: 'POST',
        url: '/api/posts',
        payload,
        cookie,
        campus: 'ou',
        remoteAddress: nextIp(),
      });
    const post: PostDto = (await create({ text: 'Scored' })).json();
    const reply: PostDto = (await create({ text: 'Reply', parentId: post.id })).json();
    await create({ text: 'Reply to reply', parentId: reply.id });
    await api(t.app, { method: 'PUT', url: `/api/posts/${post.id}/like`, cookie, campus: 'ou' });
    const row = await t.db.kysely
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.like_count).toBe(1);
    expect(row.comment_count).toBe(2);
    expect(row.feed_score).toBeCloseTo(feedScore(1, 2, post.createdAt), 9);
    expect(user.id).toBe(post.author.id);
  });
});

describe('queries per page', () => {
  const queries: QueryCounter = { count: 0 };
  let counted: TestContext;
  let app: App;
  let db: TestDb;

  beforeAll(async () => {
    counted = await createTestApp({ queries });
    ({ app, db } = counted);
  });

  afterAll(async () => {
    await counted?.close();
  });

  /** n posts on a campus, each with two photos, a like and a different author. */
  async function busyCampus(campus: string, n: number) {
    const viewer = await buildUser(db, {
      verified: true,
      school_verified: true,
      campus_id: campus,
    });
    for (let i = 0; i < n; i++) {
      const author = await buildUser(db, { campus_id: campus, last_name: `Name${i}` });
      const post = await buildPost(db, author, { media_count: 2, like_count: 1 });
      // Stored out of order: a page shows them by position.
      for (const position of [1, 0]) await buildPhoto(db, post, position);
      await db.kysely
        .insertInto('likes')
        .values({ post_id: post.id, user_id: viewer.id, created_at: Date.now() })
        .execute();
    }
    return loginAs(app, viewer);
  }

  async function count(cookie: string, url: string, campus: string, size: number) {
    queries.count = 0;
    const page = await get(cookie, url, campus, app);
    expect(page.items).toHaveLength(size);
    expect(page.items.every((p) => p.media.length === 2 && p.liked)).toBe(true);
    for (const post of page.items)
      expect(post.media.map((m) => m.id)).toEqual([`${post.id}-m0`, `${post.id}-m1`]);
    return queries.count;
  }

  it('is the same number of queries for 2 posts as for 15', async () => {
    const small = await busyCampus('smu', 2);
    const large = await busyCampus('ut', 15);
    for (const url of ['/api/feed', '/api/media', '/api/saved']) {
      const size = url === '/api/saved' ? PAGE_SIZES.saved : 15;
      const few = await count(small, url, 'smu', 2);
      const many = await count(large, url, 'ut', size);
      expect(many, url).toBe(few);
      expect(few, url).toBeGreaterThan(0);
      expect(few, url).toBeLessThanOrEqual(6);
      // The viewer's saves and blocks known from the feed, a page and its files are one
      // statement on PostgreSQL; SQLite, in process, reads the files apart (ADR 033).
      if (url === '/api/media') expect(many).toBe(db.dialect === 'postgres' ? 1 : 2);
    }
  });
});
