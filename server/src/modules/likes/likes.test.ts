import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { PAGE_SIZES } from '@common/limits';
import { POST_MESSAGES, type PostDto, type PostList } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import { buildPost, buildUser } from '../../../test/factories';
import { LIMITS } from '../../core/limits';

/**
 * Like = save (docs/product/posts-and-listings.md, Saves): PUT/DELETE
 * /api/posts/:id/like, /likes, /api/saved.
 */

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function student(campus = 'ou', overrides: object = {}) {
  const user = await buildUser(t.db, {
    verified: true,
    school_verified: true,
    campus_id: campus,
    ...overrides,
  });
  return { user, cookie: await loginAs(t.app, user) };
}

const setLike = (method: 'PUT' | 'DELETE', cookie: string | undefined, id: string, campus = 'ou') =>
  api(t.app, { method, url: `/api/posts/${id}/like`, cookie, campus });

async function expectLike(
  method: 'PUT' | 'DELETE',
  cookie: string,
  id: string,
  state: { liked: boolean; likeCount: number },
) {
  const response = await setLike(method, cookie, id);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual(state);
}

async function postPage(cookie: string, id: string): Promise<PostDto> {
  return (await api(t.app, { method: 'GET', url: `/api/posts/${id}`, cookie })).json().post;
}

describe('who may like', () => {
  it('asks a guest to sign in and a user to verify first', async () => {
    const { user } = await student();
    const post = await buildPost(t.db, user);
    const guest = await setLike('PUT', undefined, post.id);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.message).toBe(AUTH_MESSAGES.signInRequired);

    const unverified = await buildUser(t.db);
    const notVerified = await setLike('PUT', await loginAs(t.app, unverified), post.id);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().error.message).toBe(AUTH_MESSAGES.verifyRequired);

    const noSchool = await buildUser(t.db, { verified: true });
    const notSchool = await setLike('PUT', await loginAs(t.app, noSchool), post.id);
    expect(notSchool.statusCode).toBe(403);
    expect(notSchool.json().error.message).toBe(AUTH_MESSAGES.schoolVerifyRequired);
    expect((await postPage(await loginAs(t.app, user), post.id)).likeCount).toBe(0);
  });

  it('answers 404 for a missing post or one of another campus', async () => {
    const { cookie } = await student();
    const missing = await setLike('PUT', cookie, 'no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(POST_MESSAGES.postDeletedMissing);
    const texan = await buildUser(t.db, { campus_id: 'ut' });
    const elsewhere = await buildPost(t.db, texan);
    expect((await setLike('PUT', cookie, elsewhere.id)).statusCode).toBe(404);
  });
});

describe('liking', () => {
  it('toggles, is idempotent both ways and keeps the count', async () => {
    const author = await student();
    const a = await student();
    const b = await student();
    const post = await buildPost(t.db, author.user);

    await expectLike('PUT', a.cookie, post.id, { liked: true, likeCount: 1 });
    await expectLike('PUT', a.cookie, post.id, { liked: true, likeCount: 1 });
    await expectLike('PUT', b.cookie, post.id, { liked: true, likeCount: 2 });
    expect(await postPage(a.cookie, post.id)).toMatchObject({ liked: true, likeCount: 2 });
    expect(await postPage(author.cookie, post.id)).toMatchObject({ liked: false, likeCount: 2 });

    await expectLike('DELETE', a.cookie, post.id, { liked: false, likeCount: 1 });
    await expectLike('DELETE', a.cookie, post.id, { liked: false, likeCount: 1 });
    expect(await postPage(a.cookie, post.id)).toMatchObject({ liked: false, likeCount: 1 });
    await expectLike('PUT', a.cookie, post.id, { liked: true, likeCount: 2 });
    await expectLike('DELETE', b.cookie, post.id, { liked: false, likeCount: 1 });
  });

  it('limits each student’s toggles, wherever they come from, with the too-many answer (ADR 037)', async () => {
    const author = await student();
    const [a, b] = [await student(), await student()];
    const post = await buildPost(t.db, author.user);
    const addresses = addressSequence('198.74');
    const toggle = (who: { cookie: string }, method: 'PUT' | 'DELETE') =>
      api(t.app, {
        method,
        url: `/api/posts/${post.id}/like`,
        cookie: who.cookie,
        campus: 'ou',
        remoteAddress: addresses(),
      });
    for (let i = 0; i < LIMITS.toggle.max; i++) {
      expect((await toggle(a, 'PUT')).statusCode).toBe(200);
      expect((await toggle(a, 'DELETE')).statusCode).toBe(200);
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      const limited = await toggle(a, method);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toEqual({
        code: 'rate_limited',
        message: AUTH_MESSAGES.rateLimited,
      });
    }
    await expectLike('PUT', b.cookie, post.id, { liked: true, likeCount: 1 });
  });

  it('lets the author save their own post', async () => {
    const author = await student();
    const post = await buildPost(t.db, author.user);
    await expectLike('PUT', author.cookie, post.id, { liked: true, likeCount: 1 });
  });

  it('counts likes on a comment separately from its post', async () => {
    const author = await student();
    const fan = await student();
    const post = await buildPost(t.db, author.user);
    const comment = await buildPost(t.db, author.user, {
      parent_id: post.id,
      root_id: post.id,
      depth: 1,
    });
    await expectLike('PUT', fan.cookie, comment.id, { liked: true, likeCount: 1 });
    const page = (
      await api(t.app, { method: 'GET', url: `/api/posts/${post.id}`, cookie: fan.cookie })
    ).json();
    expect(page.post).toMatchObject({ likeCount: 0, liked: false });
    expect(page.comments[0]).toMatchObject({ id: comment.id, likeCount: 1, liked: true });
  });

  it('lists who liked a post ("Liked by"), newest first, as "First L."', async () => {
    const author = await student();
    const post = await buildPost(t.db, author.user);
    const first = await student('ou', { first_name: 'Ada', last_name: 'lovelace' });
    const second = await student('ou', { first_name: 'Grace', last_name: 'Hopper' });
    await setLike('PUT', first.cookie, post.id);
    await new Promise((r) => setTimeout(r, 3));
    await setLike('PUT', second.cookie, post.id);

    const response = await api(t.app, {
      method: 'GET',
      url: `/api/posts/${post.id}/likes`,
      cookie: author.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toEqual([
      {
        id: second.user.id,
        username: second.user.username,
        firstName: 'Grace',
        lastInitial: 'H.',
        avatarUrl: null,
        verified: true,
        // The author may message each of them: school-verified students of the campus.
        can: { message: true },
      },
      {
        id: first.user.id,
        username: first.user.username,
        firstName: 'Ada',
        lastInitial: 'L.',
        avatarUrl: null,
        verified: true,
        can: { message: true },
      },
    ]);
    await setLike('DELETE', second.cookie, post.id);
    const after = await api(t.app, {
      method: 'GET',
      url: `/api/posts/${post.id}/likes`,
      cookie: author.cookie,
    });
    expect(after.json().items.map((u: { id: string }) => u.id)).toEqual([first.user.id]);

    const guest = await api(t.app, { method: 'GET', url: `/api/posts/${post.id}/likes` });
    expect(guest.statusCode).toBe(401);
  });
});

describe('saved posts', () => {
  it('lists the posts the viewer liked on this campus, 10 per page, each once', async () => {
    const author = await student();
    const viewer = await student();
    const base = Date.now() - 1_000_000;
    const posts = [];
    for (let i = 0; i < 23; i++) {
      posts.push(
        await buildPost(t.db, author.user, {
          created_at: base + i * 1000,
          updated_at: base + i * 1000,
        }),
      );
    }
    const liked = posts.filter((_, i) => i !== 4 && i !== 9);
    for (const post of liked) await setLike('PUT', viewer.cookie, post.id);
    // Liked and then un-liked: not saved.
    await setLike('PUT', viewer.cookie, posts[4]!.id);
    await setLike('DELETE', viewer.cookie, posts[4]!.id);
    // Someone else's saves are not the viewer's.
    const other = await student();
    await setLike('PUT', other.cookie, posts[9]!.id);

    const pages: PostDto[][] = [];
    let cursor: string | null = null;
    do {
      const url: string = cursor ? `/api/saved?cursor=${cursor}` : '/api/saved';
      const response = await api(t.app, { method: 'GET', url, cookie: viewer.cookie });
      expect(response.statusCode, response.body).toBe(200);
      const page: PostList = response.json();
      pages.push(page.items);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    expect(PAGE_SIZES.saved).toBe(10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 1]);
    expect(pages.flat().map((p) => p.id)).toEqual(liked.map((p) => p.id).reverse());
    expect(pages.flat().every((p) => p.liked)).toBe(true);

    const othersSaved = (
      await api(t.app, { method: 'GET', url: '/api/saved', cookie: other.cookie })
    ).json();
    expect(othersSaved.items.map((p: PostDto) => p.id)).toEqual([posts[9]!.id]);
    // Saves are per campus: another campus's site is not the viewer's to read.
    const elsewhere = await api(t.app, {
      method: 'GET',
      url: '/api/saved',
      cookie: viewer.cookie,
      campus: 'ut',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error).toEqual({
      code: 'other_campus',
      message: MESSAGES.privateCommunity,
    });
    expect((await api(t.app, { method: 'GET', url: '/api/saved' })).statusCode).toBe(401);
  });
});
