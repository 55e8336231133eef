import {
  POST_MESSAGES,
  type CommentNode,
  type PostDto,
  type PostPage,
} from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type QueryCounter, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs, userWithSession } from '../../../test/auth';
import { buildPhoto, buildPost, buildUser } from '../../../test/factories';

/** Replies and the post page (GET /api/posts/:id). */

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

async function createPost(cookie: string, payload: object, campus = 'ou'): Promise<PostDto> {
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/posts',
    payload,
    cookie,
    campus,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function pageOf(cookie: string | undefined, id: string, campus = 'ou'): Promise<PostPage> {
  const response = await api(t.app, { method: 'GET', url: `/api/posts/${id}`, cookie, campus });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const pause = () => new Promise((r) => setTimeout(r, 3));

describe('replies', () => {
  it('nest three levels deep, count on every ancestor and bump the thread to the top of the feed', async () => {
    const { cookie } = await poster('ut');
    const root = await createPost(cookie, { text: 'Selling a bike' }, 'ut');
    await pause();
    const newer = await createPost(cookie, { text: 'Selling a couch' }, 'ut');
    const feedBefore = (
      await api(t.app, { method: 'GET', url: '/api/feed', cookie, campus: 'ut' })
    ).json();
    expect(feedBefore.items.map((p: PostDto) => p.id).slice(0, 2)).toEqual([newer.id, root.id]);

    await pause();
    const first = await createPost(cookie, { text: 'Is it still there?', parentId: root.id }, 'ut');
    const second = await createPost(cookie, { text: 'Yes', parentId: first.id }, 'ut');
    const third = await createPost(cookie, { text: 'Great, tomorrow?', parentId: second.id }, 'ut');

    expect(first).toMatchObject({ parentId: root.id, rootId: root.id, depth: 1 });
    expect(second).toMatchObject({ parentId: first.id, rootId: root.id, depth: 2 });
    expect(third).toMatchObject({ parentId: second.id, rootId: root.id, depth: 3 });

    const page = await pageOf(cookie, root.id, 'ut');
    expect(page.post.commentCount).toBe(3);
    expect(page.post.updatedAt).toBe(third.createdAt);
    expect(page.post.updatedAt).toBeGreaterThan(root.updatedAt);
    expect(page.parents).toEqual([]);
    const [c1] = page.comments;
    expect(page.comments).toHaveLength(1);
    expect(c1!.id).toBe(first.id);
    expect(c1!.commentCount).toBe(2);
    expect(c1!.replies[0]!.id).toBe(second.id);
    expect(c1!.replies[0]!.commentCount).toBe(1);
    expect(c1!.replies[0]!.replies[0]!.id).toBe(third.id);
    expect(c1!.replies[0]!.replies[0]!.commentCount).toBe(0);
    expect(c1!.replies[0]!.updatedAt).toBe(third.createdAt);

    const feedAfter = (
      await api(t.app, { method: 'GET', url: '/api/feed', cookie, campus: 'ut' })
    ).json();
    const ids = feedAfter.items.map((p: PostDto) => p.id);
    expect(ids.slice(0, 2)).toEqual([root.id, newer.id]);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(third.id);
  });

  it('shows the parent chain of a reply, top-level post first', async () => {
    const { cookie } = await poster();
    const root = await createPost(cookie, { text: 'Root' });
    const a = await createPost(cookie, { text: 'A', parentId: root.id });
    const b = await createPost(cookie, { text: 'B', parentId: a.id });
    const c = await createPost(cookie, { text: 'C', parentId: b.id });
    const page = await pageOf(cookie, c.id);
    expect(page.post.id).toBe(c.id);
    expect(page.parents.map((p) => p.id)).toEqual([root.id, a.id, b.id]);
    expect(page.comments).toEqual([]);

    const middle = await pageOf(cookie, a.id);
    expect(middle.parents.map((p) => p.id)).toEqual([root.id]);
    expect(middle.comments.map((n) => n.id)).toEqual([b.id]);
    expect(middle.comments[0]!.replies.map((n) => n.id)).toEqual([c.id]);
  });

  it('marks what each viewer saved, at any depth and in the parent chain', async () => {
    const author = await poster();
    const reader = await poster();
    const root = await createPost(author.cookie, { text: 'Root' });
    const a = await createPost(author.cookie, { text: 'A', parentId: root.id });
    const b = await createPost(author.cookie, { text: 'B', parentId: a.id });
    const c = await createPost(author.cookie, { text: 'C', parentId: b.id });
    const other = await createPost(author.cookie, { text: 'Other', parentId: root.id });
    for (const id of [root.id, c.id]) {
      const res = await api(t.app, {
        method: 'PUT',
        url: `/api/posts/${id}/like`,
        cookie: reader.cookie,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const flags = (nodes: PostPage['comments']): string[] =>
      nodes.flatMap((n) => [`${n.text}:${n.liked}`, ...flags(n.replies)]);

    const mine = await pageOf(reader.cookie, root.id);
    expect(mine.post.liked).toBe(true);
    expect(flags(mine.comments)).toEqual(['A:false', 'B:false', 'C:true', 'Other:false']);
    // The author saved nothing: the same cached thread, unmarked.
    const theirs = await pageOf(author.cookie, root.id);
    expect(theirs.post.liked).toBe(false);
    expect(flags(theirs.comments)).toEqual(['A:false', 'B:false', 'C:false', 'Other:false']);
    // From a reply's page: the saved root is in the parent chain, the saved reply below.
    const fromB = await pageOf(reader.cookie, b.id);
    expect(fromB.parents.map((p) => `${p.text}:${p.liked}`)).toEqual(['Root:true', 'A:false']);
    expect(flags(fromB.comments)).toEqual(['C:true']);
    expect(other.parentId).toBe(root.id);
  });

  it('loads a thread of 200 comments in one request, nested and oldest first at every level', async () => {
    const author = await buildUser(t.db, { verified: true, school_verified: true });
    const cookie = await loginAs(t.app, author);
    const base = Date.now() - 1_000_000;
    const root = await buildPost(t.db, author, {
      created_at: base,
      updated_at: base,
      comment_count: 200,
    });
    // 50 comments, each with 3 replies: 200 in all. Inserted newest first, so order comes from created_at.
    const expected: { id: string; replies: string[] }[] = [];
    let at = base;
    for (let i = 0; i < 50; i++) {
      const comment = { id: `c-${String(i).padStart(3, '0')}`, replies: [] as string[] };
      at += 10;
      const commentAt = at;
      const replies: { id: string; at: number }[] = [];
      for (let j = 0; j < 3; j++) {
        at += 10;
        replies.push({ id: `r-${String(i).padStart(3, '0')}-${j}`, at: at + 5000 });
      }
      comment.replies = replies.map((r) => r.id);
      expected.push(comment);
      await buildPost(t.db, author, {
        id: comment.id,
        parent_id: root.id,
        root_id: root.id,
        depth: 1,
        created_at: commentAt,
        updated_at: commentAt,
      });
      for (const r of [...replies].reverse()) {
        await buildPost(t.db, author, {
          id: r.id,
          parent_id: comment.id,
          root_id: root.id,
          depth: 2,
          created_at: r.at,
          updated_at: r.at,
        });
      }
    }
    const page = await pageOf(cookie, root.id);
    const shape = (nodes: CommentNode[]) =>
      nodes.map((n) => ({ id: n.id, replies: n.replies.map((r) => r.id) }));
    expect(shape(page.comments)).toEqual(expected);
    const count = (nodes: CommentNode[]): number =>
      nodes.reduce((n, c) => n + 1 + count(c.replies), 0);
    expect(count(page.comments)).toBe(200);
    expect(page.comments[0]!.replies[0]!.replies).toEqual([]);
  });
});

describe('reading a post', () => {
  it('needs a session', async () => {
    const { user } = await poster();
    const post = await buildPost(t.db, user);
    const response = await api(t.app, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 with the same words for a missing post or one of another campus', async () => {
    const { cookie } = await poster();
    const missing = await api(t.app, { method: 'GET', url: '/api/posts/no-such-post', cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(POST_MESSAGES.postDeletedMissing);

    const texan = await buildUser(t.db, { verified: true, school_verified: true, campus_id: 'ut' });
    const elsewhere = await buildPost(t.db, texan);
    const response = await api(t.app, {
      method: 'GET',
      url: `/api/posts/${elsewhere.id}`,
      cookie,
      campus: 'ou',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(POST_MESSAGES.postDeletedMissing);
  });
});

describe('statements per post page', () => {
  const queries: QueryCounter = { count: 0 };
  let counted: TestContext;

  beforeAll(async () => {
    // Nothing kept between requests: every page is read from the database.
    counted = await createTestApp({ queries, env: { POSTS_CACHE_MS: '0', SESSION_CACHE_MS: '0' } });
  });

  afterAll(async () => {
    await counted?.close();
  });

  /** A thread three levels deep: the root and the second reply have a photo, the rest none. */
  async function thread() {
    const author = await buildUser(counted.db, { campus_id: 'ut' });
    const root = await buildPost(counted.db, author, { campus_id: 'ut', media_count: 1 });
    const reply = (parent: { id: string; depth: number }, media_count = 0) =>
      buildPost(counted.db, author, {
        campus_id: 'ut',
        parent_id: parent.id,
        root_id: root.id,
        depth: parent.depth + 1,
        media_count,
      });
    const first = await reply(root);
    const second = await reply(first, 1);
    const third = await reply(second);
    await buildPhoto(counted.db, root);
    await buildPhoto(counted.db, second);
    return { root, second, third };
  }

  /** The page of `id` and the statements it read per table. */
  async function read(cookie: string, id: string) {
    queries.reads = {};
    const response = await api(counted.app, {
      method: 'GET',
      url: `/api/posts/${id}`,
      cookie,
      campus: 'ut',
    });
    expect(response.statusCode, response.body).toBe(200);
    const reads = queries.reads;
    delete queries.reads;
    return { page: response.json() as PostPage, reads };
  }

  const mediaIds = (nodes: Array<PostDto | CommentNode>): string[] =>
    nodes.flatMap((n) => [
      ...n.media.map((m) => m.id),
      ...('replies' in n ? mediaIds(n.replies) : []),
    ]);

  it("reads a top-level post's page without looking above it, its files with it on PostgreSQL", async () => {
    const { root, second } = await thread();
    const viewer = await buildUser(counted.db, { campus_id: 'ut', verified: true });
    const cookie = await loginAs(counted.app, viewer);
    const { page, reads } = await read(cookie, root.id);
    expect(page.post.media.map((m) => m.id)).toEqual([`${root.id}-m0`]);
    expect(mediaIds(page.comments)).toEqual([`${second.id}-m0`]);
    // The post and its thread; no walk up from a post that has no parent.
    expect(reads.posts).toBe(2);
    expect(reads.chain).toBeUndefined();
    expect(reads.post_media ?? 0).toBe(counted.db.dialect === 'postgres' ? 0 : 1);
    // Whose posts the viewer does not see, once for the whole page.
    expect(reads.blocks).toBe(1);
  });

  it("reads a reply's page with the posts above it in one statement", async () => {
    const { root, second, third } = await thread();
    const viewer = await buildUser(counted.db, { campus_id: 'ut', verified: true });
    const cookie = await loginAs(counted.app, viewer);
    const { page, reads } = await read(cookie, third.id);
    expect(page.parents.map((p) => p.id)).toEqual([root.id, expect.any(String), second.id]);
    expect(mediaIds(page.parents)).toEqual([`${root.id}-m0`, `${second.id}-m0`]);
    // The reply, the posts above it, the replies below it.
    expect(reads.posts).toBe(3);
    // The walk up is inside the statement of the posts above, not one of its own.
    expect(reads.chain).toBeUndefined();
    expect(reads.post_media ?? 0).toBe(counted.db.dialect === 'postgres' ? 0 : 1);
  });
});
