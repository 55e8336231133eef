import { type Campus, RANKED_CAMPUS_ID } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import {
  type CommentNode,
  type CreatePostInput,
  POST_MESSAGES as M,
  type PostDto,
  type PostList,
  type PostPage,
} from '@common/schemas/posts';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireSchoolVerified, requireSignedIn } from '../../http/guards';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import { keysOfMedia } from '../media/media.presenter';
import { type PostCache } from './posts.cache';
import { createPostPresenter, nestReplies } from './posts.presenter';
import { type Cursor, type PostWithAuthor, postsRepository as posts } from './posts.repository';

/** DESIGN §11: a "hot" score computed on write, so ranking needs only an index. */
export function feedScore(likes: number, comments: number, createdAt: number): number {
  return Math.log10(Math.max(1, likes + 2 * comments + 1)) + createdAt / 1000 / 45000;
}

function encodeCursor(row: PostWithAuthor, ranked: boolean): string {
  const cursor: Cursor = {
    updatedAt: row.updated_at,
    id: row.id,
    ...(ranked ? { score: row.feed_score } : {}),
  };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof value.updatedAt === 'number' && typeof value.id === 'string') return value;
  } catch {
    // fall through
  }
  throw badRequest('invalid_cursor', 'This list has changed. Please reload.');
}

export interface PostsServiceDeps {
  db: Db;
  storage: BlobStore;
  bus: EventBus;
  /** What every member of a campus sees alike; uncached when absent. */
  cache?: PostCache;
  now?: () => number;
  log?: (error: unknown) => void;
}

const uncached: PostCache = {
  read: (_campusId, _key, load) => load(),
  changed: () => undefined,
  close: async () => undefined,
};

/**
 * Posts as every viewer sees them, presented (authors, media URLs) but with
 * `liked` false: the viewer's own saves are added per request. Cached objects
 * are never mutated.
 */
interface SharedPosts {
  posts: PostDto[];
  /** Where the next page starts, when this one is full. */
  last: PostWithAuthor | undefined;
}

/**
 * The cached tree with the viewer's saves marked: only nodes on the way to a
 * saved one are copied; the rest are the cached objects themselves.
 */
function withLiked(nodes: CommentNode[], liked: Set<string>): CommentNode[] {
  let changed = false;
  const marked = nodes.map((node) => {
    const replies = withLiked(node.replies, liked);
    if (replies === node.replies && !liked.has(node.id)) return node;
    changed = true;
    return { ...node, liked: liked.has(node.id), replies };
  });
  return changed ? marked : nodes;
}

/** Posts, comments and saves of a campus (spec core §4, §5, §7; companion §2, §4). */
export function createPostsService({
  db,
  storage,
  bus,
  cache = uncached,
  now = Date.now,
  log = () => undefined,
}: PostsServiceDeps) {
  const present = createPostPresenter(storage);

  async function shared(rows: PostWithAuthor[], limit = Infinity): Promise<SharedPosts> {
    const media = await posts.mediaFor(
      db.kysely,
      rows.map((r) => r.id),
    );
    return {
      posts: present(rows, media, new Set()),
      last: rows.length === limit ? rows[rows.length - 1] : undefined,
    };
  }

  /** The viewer's saves: the one query a cached page still costs. */
  async function forViewer(list: SharedPosts, viewer: UserRow): Promise<PostDto[]> {
    const liked = await posts.likedAmong(
      db.kysely,
      viewer.id,
      list.posts.map((p) => p.id),
    );
    return list.posts.map((p) => (liked.has(p.id) ? { ...p, liked: true } : p));
  }

  /** Authors come joined; media and the viewer's saves are one query each, whatever the page size. */
  async function hydrate(rows: PostWithAuthor[], viewer: UserRow): Promise<PostDto[]> {
    const ids = rows.map((r) => r.id);
    const [media, liked] = await Promise.all([
      posts.mediaFor(db.kysely, ids),
      posts.likedAmong(db.kysely, viewer.id, ids),
    ]);
    return present(rows, media, liked);
  }

  async function page(list: SharedPosts, viewer: UserRow, ranked = false): Promise<PostList> {
    return {
      items: await forViewer(list, viewer),
      nextCursor: list.last ? encodeCursor(list.last, ranked) : null,
    };
  }

  /** A post of this campus, or 404 (private campuses: only signed-in users read them). */
  async function visible(user: UserRow | null, campus: Campus, id: string) {
    requireSignedIn(user);
    const post = await posts.find(db.kysely, id);
    if (!post || post.campus_id !== campus.id)
      throw notFound('post_not_found', M.postDeletedMissing);
    return post;
  }

  async function rescoreRoot(executor: Parameters<typeof posts.find>[0], rootId: string) {
    const root = await posts.find(executor, rootId);
    if (root)
      await posts.setFeedScore(
        executor,
        root.id,
        feedScore(root.like_count, root.comment_count, root.created_at),
      );
  }

  return {
    async feed(
      user: UserRow | null,
      campus: Campus,
      query: { cursor?: string; category?: string },
    ): Promise<PostList> {
      requireSignedIn(user);
      const cursor = decodeCursor(query.cursor);
      const ranked = campus.id === RANKED_CAMPUS_ID;
      const limit = ranked && !cursor ? PAGE_SIZES.rankedFirstPage : PAGE_SIZES.feed;
      const category = query.category && query.category !== 'all' ? query.category : undefined;
      const list = await cache.read(
        campus.id,
        `feed:${category ?? ''}:${query.cursor ?? ''}`,
        async () =>
          shared(
            await posts.feed(db.kysely, { campusId: campus.id, limit, cursor, ranked, category }),
            limit,
          ),
      );
      return page(list, user, ranked);
    },

    async mediaFeed(
      user: UserRow | null,
      campus: Campus,
      query: { cursor?: string },
    ): Promise<PostList> {
      requireSignedIn(user);
      const cursor = decodeCursor(query.cursor);
      const list = await cache.read(campus.id, `media:${query.cursor ?? ''}`, async () =>
        shared(
          await posts.mediaFeed(db.kysely, {
            campusId: campus.id,
            limit: PAGE_SIZES.media,
            cursor,
          }),
          PAGE_SIZES.media,
        ),
      );
      return page(list, user);
    },

    async saved(
      user: UserRow | null,
      campus: Campus,
      query: { cursor?: string },
    ): Promise<PostList> {
      requireSignedIn(user);
      const rows = await posts.saved(db.kysely, {
        userId: user.id,
        campusId: campus.id,
        limit: PAGE_SIZES.saved,
        cursor: decodeCursor(query.cursor),
      });
      return page(await shared(rows, PAGE_SIZES.saved), user);
    },

    /**
     * The post, its parent chain and its whole thread: a fixed number of
     * queries whatever the thread's size (the post, its ancestors, its
     * descendants, their media), then the viewer's saves.
     */
    async postPage(user: UserRow | null, campus: Campus, id: string): Promise<PostPage> {
      requireSignedIn(user);
      const thread = await cache.read(campus.id, `post:${id}`, async () => {
        const row = await posts.findWithAuthor(db.kysely, id);
        if (!row || row.campus_id !== campus.id) return null;
        const [parents, replies] = await Promise.all([
          posts.ancestors(db.kysely, id),
          posts.descendants(db.kysely, id, row.root_id ?? row.id),
        ]);
        const [post, ...rest] = (await shared([row, ...parents, ...replies])).posts;
        return {
          rootId: row.root_id ?? row.id,
          page: {
            post: post!,
            parents: rest.slice(0, parents.length),
            comments: nestReplies(id, rest.slice(parents.length)),
          },
        };
      });
      if (!thread) throw notFound('post_not_found', M.postDeletedMissing);
      const { page } = thread;
      const liked = await posts.likedInThread(db.kysely, user.id, thread.rootId, [
        thread.rootId,
        page.post.id,
        ...page.parents.map((p) => p.id),
      ]);
      if (liked.size === 0) return page;
      const mark = <T extends PostDto>(p: T): T => (liked.has(p.id) ? { ...p, liked: true } : p);
      return {
        post: mark(page.post),
        parents: page.parents.map(mark),
        comments: withLiked(page.comments, liked),
      };
    },

    async create(user: UserRow | null, campus: Campus, body: CreatePostInput): Promise<PostDto> {
      requireSchoolVerified(user);
      if (user.campus_id !== campus.id) throw forbidden('other_campus', M.ownCampusOnly);
      const at = now();
      const id = uuidv7();
      const mediaIds = body.mediaIds;
      const created = await db.kysely.transaction().execute(async (trx) => {
        const parent = body.parentId ? await posts.find(trx, body.parentId) : undefined;
        if (body.parentId && (!parent || parent.campus_id !== campus.id))
          throw notFound('post_not_found', M.postDeletedMissing);
        await posts.insert(trx, {
          id,
          campus_id: campus.id,
          author_id: user.id,
          parent_id: parent?.id ?? null,
          root_id: parent ? (parent.root_id ?? parent.id) : null,
          depth: parent ? parent.depth + 1 : 0,
          text: body.text.trim(),
          category: parent ? null : (body.category ?? null),
          media_count: mediaIds.length,
          feed_score: feedScore(0, 0, at),
          created_at: at,
          updated_at: at,
        });
        if (
          mediaIds.length > 0 &&
          (await posts.attachMedia(trx, id, user.id, mediaIds)) !== mediaIds.length
        ) {
          throw badRequest(
            'media_unavailable',
            'Some photos could not be attached. Please add them again.',
          );
        }
        if (parent) {
          const ancestors = [
            parent.id,
            ...(await posts.ancestors(trx, parent.id)).map((a) => a.id),
          ];
          await posts.touchAncestors(trx, ancestors, at, 1);
          await rescoreRoot(trx, parent.root_id ?? parent.id);
        } else {
          await posts.addToTotalPosts(trx, user.id, 1);
        }
        return (await posts.findWithAuthor(trx, id))!;
      });
      cache.changed(campus.id);
      const [dto] = await hydrate([created], user);
      if (!created.parent_id) {
        bus
          .publish(`feed:${campus.id}`, { type: 'post.created', postId: id, authorId: user.id })
          .catch(log);
      }
      return dto!;
    },

    /** Owner-only: the post, its whole thread, saves and files (spec core §4 "Post delete"). */
    async remove(user: UserRow | null, campus: Campus, id: string): Promise<{ topLevel: boolean }> {
      const post = await visible(user, campus, id);
      if (post.author_id !== user!.id) throw forbidden('not_owner', M.notYours);
      const keys = await db.kysely.transaction().execute(async (trx) => {
        const subtree = await posts.subtreeIds(trx, id);
        const files = keysOfMedia(await posts.mediaFor(trx, subtree));
        if (post.parent_id) {
          const ancestors = [
            post.parent_id,
            ...(await posts.ancestors(trx, post.parent_id)).map((a) => a.id),
          ];
          await posts.touchAncestors(trx, ancestors, now(), -subtree.length);
        } else {
          await posts.addToTotalPosts(trx, post.author_id, -1);
        }
        await posts.deleteById(trx, id);
        if (post.root_id) await rescoreRoot(trx, post.root_id);
        return files;
      });
      cache.changed(campus.id);
      // Files go after the commit: a failed delete leaves an orphan file, never a broken post.
      storage.delete(keys).catch(log);
      return { topLevel: post.parent_id === null };
    },

    /** Like = save; liking again removes it (spec core §4 "Like/save toggle"). */
    async setLiked(user: UserRow | null, campus: Campus, id: string, liked: boolean) {
      requireSchoolVerified(user);
      await visible(user, campus, id);
      const state = await db.kysely.transaction().execute(async (trx) => {
        if (liked) await posts.like(trx, id, user.id, now());
        else await posts.unlike(trx, id, user.id);
        const post = (await posts.find(trx, id))!;
        await rescoreRoot(trx, post.root_id ?? post.id);
        return { liked, likeCount: post.like_count };
      });
      cache.changed(campus.id);
      return state;
    },

    /**
     * What a shared link shows in chat apps (Open Graph): the author's first
     * name, the start of the text and the first photo. No session needed.
     */
    async preview(
      campus: Campus,
      id: string,
    ): Promise<{ title: string; description: string; image: string | null } | null> {
      const row = await posts.findWithAuthor(db.kysely, id);
      if (!row || row.campus_id !== campus.id) return null;
      const [media] = await posts.mediaFor(db.kysely, [id]);
      const [dto] = present([row], media ? [media] : [], new Set());
      const text = dto!.text.replace(/\s+/g, ' ').trim();
      return {
        title: `${dto!.author.firstName}'s post · ${campus.productName}`,
        description:
          text.length > 200 ? `${text.slice(0, 197)}…` : text || `A post on ${campus.productName}`,
        image: dto!.media.find((m) => m.kind === 'image')?.url ?? null,
      };
    },

    async likers(user: UserRow | null, campus: Campus, id: string) {
      await visible(user, campus, id);
      const rows = await posts.likers(db.kysely, id, 200);
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        firstName: r.first_name,
        lastInitial: r.last_name ? `${[...r.last_name][0]!.toUpperCase()}.` : '',
        avatarUrl: r.avatar_key ? storage.url(r.avatar_key) : null,
        verified: Boolean(r.verified),
      }));
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
