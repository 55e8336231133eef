import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, userWithSession } from '../../../test/auth';
import { buildPost, buildUser } from '../../../test/factories';

/**
 * The API tried as an outsider would (docs/security.md, A private campus): a
 * private campus's content is for its own verified members, whatever the web
 * shows.
 */

let t: TestContext;
let postId: string;
let commentId: string;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await buildUser(t.db, { campus_id: 'ou', verified: true, school_verified: true });
  const post = await buildPost(t.db, seller, { text: 'Desk lamp', like_count: 0 });
  postId = post.id;
  commentId = (
    await buildPost(t.db, seller, { parent_id: post.id, root_id: post.id, depth: 1, text: 'Hi' })
  ).id;
});
afterAll(() => t.close());

const READS = () => [
  '/api/feed',
  '/api/media',
  '/api/saved',
  `/api/posts/${postId}`,
  `/api/posts/${commentId}`,
  `/api/posts/${postId}/likes`,
];

describe('reading a private campus', () => {
  it('gives an account not yet verified nothing', async () => {
    const { cookie } = await userWithSession(t.app, { campus_id: 'ou', verified: false });
    for (const url of READS()) {
      const res = await api(t.app, { method: 'GET', url, cookie, campus: 'ou' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toEqual({
        code: 'not_verified',
        message: AUTH_MESSAGES.verifyRequired,
      });
    }
  });

  it('gives a student of another campus nothing', async () => {
    const { cookie } = await userWithSession(t.app, {
      campus_id: 'ut',
      verified: true,
      school_verified: true,
    });
    for (const url of READS()) {
      const res = await api(t.app, { method: 'GET', url, cookie, campus: 'ou' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toEqual({
        code: 'other_campus',
        message: MESSAGES.privateCommunity,
      });
      expect(res.body).not.toContain('Desk lamp');
    }
  });

  it('gives a guest nothing', async () => {
    for (const url of READS()) {
      const res = await api(t.app, { method: 'GET', url, campus: 'ou' });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lets a verified member read', async () => {
    const { cookie } = await userWithSession(t.app, { campus_id: 'ou', verified: true });
    for (const url of READS()) {
      const res = await api(t.app, { method: 'GET', url, cookie, campus: 'ou' });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('saving a post of another campus', () => {
  it('is refused with other_campus, and no save is stored', async () => {
    const { user, cookie } = await userWithSession(t.app, {
      campus_id: 'ut',
      verified: true,
      school_verified: true,
    });
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api(t.app, {
        method,
        url: `/api/posts/${postId}/like`,
        cookie,
        campus: 'ou',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('other_campus');
    }
    const likes = await t.db.kysely
      .selectFrom('likes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(likes).toEqual([]);
    const post = await t.db.kysely
      .selectFrom('posts')
      .select('like_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(Number(post.like_count)).toBe(0);
  });

  it('is refused on their own campus site too, where the post is not', async () => {
    const { cookie } = await userWithSession(t.app, {
      campus_id: 'ut',
      verified: true,
      school_verified: true,
    });
    const res = await api(t.app, {
      method: 'PUT',
      url: `/api/posts/${postId}/like`,
      cookie,
      campus: 'ut',
    });
    expect(res.statusCode).toBe(404);
  });
});
