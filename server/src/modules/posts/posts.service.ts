import { type Campus, RANKED_CAMPUS_ID } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import { type CreatePostInput, POST_MESSAGES as M, type PostDto } from '@common/schemas/posts';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireSchoolVerified, requireSignedIn } from '../../http/guards';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import { keysOfMedia } from '../media/media.presenter';
import { type PostCache } from './posts.cache';
import { postListJson, postPageJson, type PostsJson } from './posts.writer';
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
 * A page as every member of the campus sees it, written as JSON with a hole
 * for each post's `liked` (posts.writer.ts). `serial` names this very entry,
 * so the viewer's saves cached beside it were read for exactly its posts.
 */
interface SharedPage {
  json: PostsJson;
  serial: number;
}

/** A post page also knows its thread, to read the viewer's saves in it. */
interface SharedThread extends SharedPage {
  rootId: string;
  /** The root and the chain above a comment: posts outside the root's index. */
  chain: string[];
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
  let serials = 0;

  /** As every viewer sees them: `liked` is filled in per viewer. */
  async function presented(rows: PostWithAuthor[]) {
    const media = await posts.mediaFor(
      db.kysely,
      rows.map((r) => r.id),
    );
    return present(rows, media, new Set());
  }

  /** A list page; a full page carries the cursor of the next one. */
  async function listJson(rows: PostWithAuthor[], limit: number, ranked = false) {
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return postListJson(await presented(rows), last ? encodeCursor(last, ranked) : null);
  }

  /** A list page of the campus, from the cache or read by `rows` and written once. */
  function cachedList(
    campusId: string,
    key: string,
    rows: () => Promise<PostWithAuthor[]>,
    limit: number,
    ranked = false,
  ): Promise<SharedPage> {
    return cache.read(campusId, key, async () => ({
      json: await listJson(await rows(), limit, ranked),
      serial: ++serials,
    }));
  }

  /**
   * The page with the viewer's saves filled in. Their saves on it are cached
   * beside it (they go stale with it: a save is a write to the campus), so a
   * page read again costs no query at all.
   */
  async function forViewer(
    campusId: string,
    viewer: UserRow,
    page: SharedPage,
    readSaves: () => Promise<Set<string>>,
  ): Promise<string> {
    const liked = await cache.read(
      campusId,
      `saves:${viewer.id}:${page.serial}`,
      readSaves,
      'viewer',
    );
    return page.json.render(liked);
  }

  function listForViewer(campusId: string, viewer: UserRow, page: SharedPage) {
    return forViewer(campusId, viewer, page, () =>
      posts.likedAmong(db.kysely, viewer.id, [...page.json.ids]),
    );
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
    /** The campus feed as JSON (postListSchema): newest activity first, ranked on OU. */
    async feed(
      user: UserRow | null,
      campus: Campus,
      query: { cursor?: string; category?: string },
    ): Promise<string> {
      requireSignedIn(user);
      const cursor = decodeCursor(query.cursor);
      const ranked = campus.id === RANKED_CAMPUS_ID;
      const limit = ranked && !cursor ? PAGE_SIZES.rankedFirstPage : PAGE_SIZES.feed;
      const category = query.category && query.category !== 'all' ? query.category : undefined;
      const page = await cachedList(
        campus.id,
        `feed:${category ?? ''}:${query.cursor ?? ''}`,
        () => posts.feed(db.kysely, { campusId: campus.id, limit, cursor, ranked, category }),
        limit,
        ranked,
      );
      return listForViewer(campus.id, user, page);
    },

    /** Posts with photos or videos as JSON (postListSchema). */
    async mediaFeed(user: UserRow | null, campus: Campus, query: { cursor?: string }) {
      requireSignedIn(user);
      const cursor = decodeCursor(query.cursor);
      const page = await cachedList(
        campus.id,
        `media:${query.cursor ?? ''}`,
        () => posts.mediaFeed(db.kysely, { campusId: campus.id, limit: PAGE_SIZES.media, cursor }),
        PAGE_SIZES.media,
      );
      return listForViewer(campus.id, user, page);
    },

    /** The viewer's saved posts as JSON (postListSchema): every one of them is saved. */
    async saved(user: UserRow | null, campus: Campus, query: { cursor?: string }) {
      requireSignedIn(user);
      const rows = await posts.saved(db.kysely, {
        userId: user.id,
        campusId: campus.id,
        limit: PAGE_SIZES.saved,
        cursor: decodeCursor(query.cursor),
      });
      return (await listJson(rows, PAGE_SIZES.saved)).render(new Set(rows.map((r) => r.id)));
    },

    /**
     * The post, its parent chain and its whole thread as JSON (postPageSchema):
     * a fixed number of queries whatever the thread's size (the post, its
     * ancestors, its descendants, their media), then the viewer's saves.
     */
    async postPage(user: UserRow | null, campus: Campus, id: string): Promise<string> {
      requireSignedIn(user);
      const thread = await cache.read(
        campus.id,
        `post:${id}`,
        async (): Promise<SharedThread | null> => {
          const row = await posts.findWithAuthor(db.kysely, id);
          if (!row || row.campus_id !== campus.id) return null;
          const rootId = row.root_id ?? row.id;
          const [parents, replies] = await Promise.all([
            posts.ancestors(db.kysely, id),
            posts.descendants(db.kysely, id, rootId),
          ]);
          const [post, ...rest] = await presented([row, ...parents, ...replies]);
          const above = rest.slice(0, parents.length);
          return {
            json: postPageJson({
              post: post!,
              parents: above,
              comments: nestReplies(id, rest.slice(parents.length)),
            }),
            serial: ++serials,
            rootId,
            chain: [rootId, id, ...above.map((p) => p.id)],
          };
        },
      );
      if (!thread) throw notFound('post_not_found', M.postDeletedMissing);
      return forViewer(campus.id, user, thread, () =>
        posts.likedInThread(db.kysely, user.id, thread.rootId, thread.chain),
      );
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
