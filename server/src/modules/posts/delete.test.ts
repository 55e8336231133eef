import fs from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES } from '@common/messages';
import { type MediaDto, POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, userWithSession } from '../../../test/auth';
import { solidImage } from '../../../test/media-fixtures';
import { keysOfMedia } from '../media/media.presenter';

/** DELETE /api/posts/:id (docs/product/posts-and-listings.md, Posts and comments). */

let t: TestContext;
const nextIp = addressSequence();

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const poster = (campus = 'ou') =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: campus });

async function createPost(cookie: string, payload: object): Promise<PostDto> {
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/posts',
    payload,
    cookie,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const remove = (cookie: string | undefined, id: string) =>
  api(t.app, { method: 'DELETE', url: `/api/posts/${id}`, cookie });
const like = (cookie: string, id: string) =>
  api(t.app, { method: 'PUT', url: `/api/posts/${id}/like`, cookie });
const read = (cookie: string, id: string) =>
  api(t.app, { method: 'GET', url: `/api/posts/${id}`, cookie });

const BOUNDARY = '----quad-posts-delete-boundary';
async function upload(cookie: string): Promise<MediaDto> {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await solidImage(40, 30, 'png', '#884422'),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/uploads',
    payload,
    cookie,
    remoteAddress: nextIp(),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function filesOf(mediaIds: string[]): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('post_media')
    .selectAll()
    .where('id', 'in', mediaIds)
    .execute();
  return keysOfMedia(rows).map((key) => path.join(t.dataDir, 'media', key));
}

async function row(id: string) {
  return t.db.kysely.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

async function totalPosts(userId: string): Promise<number> {
  const user = await t.db.kysely
    .selectFrom('users')
    .select('total_posts')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(user.total_posts);
}

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('who may delete', () => {
  it('asks a guest to sign in', async () => {
    const { cookie } = await poster();
    const post = await createPost(cookie, { text: 'Mine' });
    const response = await remove(undefined, post.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.signInRequired);
  });

  it('lets only the author delete', async () => {
    const owner = await poster();
    const other = await poster();
    const post = await createPost(owner.cookie, { text: 'Mine' });
    const response = await remove(other.cookie, post.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(POST_MESSAGES.notYours);
    expect(await row(post.id)).toBeDefined();
    expect(await totalPosts(owner.user.id)).toBe(1);
  });

  it('lets the author of a comment delete it, not the author of the post', async () => {
    const owner = await poster();
    const commenter = await poster();
    const post = await createPost(owner.cookie, { text: 'Mine' });
    const comment = await createPost(commenter.cookie, { text: 'Nice', parentId: post.id });
    expect((await remove(owner.cookie, comment.id)).statusCode).toBe(403);
    const response = await remove(commenter.cookie, comment.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ topLevel: false });
  });
});

describe('deleting a post', () => {
  it('removes the whole thread, its likes and its files, restores the counters and answers 404 afterwards', async () => {
    const owner = await poster();
    const friend = await poster();
    const photos = [await upload(owner.cookie), await upload(owner.cookie)];
    const post = await createPost(owner.cookie, {
      text: 'Desk for sale',
      mediaIds: photos.map((p) => p.id),
    });
    const replyPhoto = await upload(friend.cookie);
    const comment = await createPost(friend.cookie, {
      text: 'Look at mine',
      parentId: post.id,
      mediaIds: [replyPhoto.id],
    });
    const reply = await createPost(owner.cookie, { text: 'Nice', parentId: comment.id });
    const deep = await createPost(friend.cookie, { text: 'Thanks', parentId: reply.id });
    await like(friend.cookie, post.id);
    await like(owner.cookie, comment.id);
    await like(friend.cookie, deep.id);
    const other = await createPost(owner.cookie, { text: 'Another post' });
    await like(friend.cookie, other.id);
    expect(await totalPosts(owner.user.id)).toBe(2);

    const files = await filesOf([...photos, replyPhoto].map((p) => p.id));
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.every((f) => fs.existsSync(f))).toBe(true);

    const response = await remove(owner.cookie, post.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ topLevel: true });

    for (const id of [post.id, comment.id, reply.id, deep.id]) {
      expect(await row(id)).toBeUndefined();
      const gone = await read(friend.cookie, id);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toBe(POST_MESSAGES.postDeletedMissing);
    }
    const likes = await t.db.kysely
      .selectFrom('likes')
      .select('post_id')
      .where('post_id', 'in', [post.id, comment.id, reply.id, deep.id])
      .execute();
    expect(likes).toEqual([]);
    const media = await t.db.kysely
      .selectFrom('post_media')
      .select('id')
      .where(
        'id',
        'in',
        [...photos, replyPhoto].map((p) => p.id),
      )
      .execute();
    expect(media).toEqual([]);
    expect(await eventually(() => files.every((f) => !fs.existsSync(f)))).toBe(true);

    expect(await totalPosts(owner.user.id)).toBe(1);
    expect(await totalPosts(friend.user.id)).toBe(0);
    // The other post and its like are untouched.
    expect((await row(other.id))?.like_count).toBe(1);
    const saved = (
      await api(t.app, { method: 'GET', url: '/api/saved', cookie: friend.cookie })
    ).json();
    expect(saved.items.map((p: PostDto) => p.id)).toEqual([other.id]);
    const feed = (
      await api(t.app, { method: 'GET', url: '/api/feed', cookie: friend.cookie })
    ).json();
    expect(feed.items.map((p: PostDto) => p.id)).not.toContain(post.id);

    const again = await remove(owner.cookie, post.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(POST_MESSAGES.postDeletedMissing);
    expect(await totalPosts(owner.user.id)).toBe(1);
  });

  it('deleting a comment removes its replies and takes them off every ancestor count', async () => {
    const { user, cookie } = await poster();
    const post = await createPost(cookie, { text: 'Root' });
    const a = await createPost(cookie, { text: 'A', parentId: post.id });
    const b = await createPost(cookie, { text: 'B', parentId: a.id });
    const c = await createPost(cookie, { text: 'C', parentId: b.id });
    await createPost(cookie, { text: 'D', parentId: c.id });
    const sibling = await createPost(cookie, { text: 'Sibling', parentId: post.id });
    expect((await row(post.id))?.comment_count).toBe(5);
    expect((await row(a.id))?.comment_count).toBe(3);

    const response = await remove(cookie, b.id);
    expect(response.json()).toEqual({ topLevel: false });
    expect((await row(post.id))?.comment_count).toBe(2);
    expect((await row(a.id))?.comment_count).toBe(0);
    expect(await row(c.id)).toBeUndefined();
    expect(await totalPosts(user.id)).toBe(1);

    const page = (await read(cookie, post.id)).json();
    expect(page.post.commentCount).toBe(2);
    expect(page.comments.map((n: PostDto) => n.id)).toEqual([a.id, sibling.id]);
    expect(page.comments[0].replies).toEqual([]);
  });
});
