import type { Campus } from '@common/campuses';
import type { CreatePostInput, PostDto } from '@common/schemas/posts';
import { v7 as uuidv7 } from 'uuid';
import { badRequest } from '../../core/errors';
import * as postPolicy from '../../core/policies/post';
import type { Db } from '../../db/kysely';
import type { Executor, PostRow, UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import { keysOfMedia } from '../media/media.presenter';
import type { PostCache } from './posts.cache';
import { feedScore } from './posts.cursor';
import { createSharedPages, type ViewerSaves } from './posts.pages';
import { createPostReads } from './posts.reads';
import { postsRepository as posts } from './posts.repository';

export { feedScore } from './posts.cursor';
export type { ViewerSaves } from './posts.pages';

export interface PostsServiceDeps {
  db: Db;
  storage: BlobStore;
  bus: EventBus;
  /** The viewer's saves, from modules/likes. */
  saves: ViewerSaves;
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

/** Recomputes the hot score of a thread's root after its likes or comments changed. */
async function rescoreRoot(executor: Executor, rootId: string): Promise<void> {
  const root = await posts.find(executor, rootId);
  if (root)
    await posts.setFeedScore(
      executor,
      root.id,
      feedScore(root.like_count, root.comment_count, root.created_at),
    );
}

/** Every ancestor of a post (its parent first): the chain a reply or a delete touches. */
async function chainAbove(executor: Executor, parentId: string): Promise<string[]> {
  return [parentId, ...(await posts.ancestors(executor, parentId)).map((a) => a.id)];
}

/** Posts, comments and their threads on a campus (spec core §4, §5, §7; companion §2, §4). */
export function createPostsService({
  db,
  storage,
  bus,
  saves,
  cache = uncached,
  now = Date.now,
  log = () => undefined,
}: PostsServiceDeps) {
  const pages = createSharedPages({ db, storage, cache, saves });

  /** Inserts the post and attaches its files; a comment touches its thread. */
  async function insert(trx: Executor, user: UserRow, campus: Campus, body: CreatePostInput) {
    const at = now();
    const id = uuidv7();
    const parent = body.parentId ? await posts.find(trx, body.parentId) : undefined;
    if (body.parentId) postPolicy.canRead(user, campus, parent);
    await posts.insert(trx, {
      id,
      campus_id: campus.id,
      author_id: user.id,
      parent_id: parent?.id ?? null,
      root_id: parent ? (parent.root_id ?? parent.id) : null,
      depth: parent ? parent.depth + 1 : 0,
      text: body.text.trim(),
      category: parent ? null : (body.category ?? null),
      media_count: body.mediaIds.length,
      feed_score: feedScore(0, 0, at),
      created_at: at,
      updated_at: at,
    });
    const attached = await posts.attachMedia(trx, id, user.id, body.mediaIds);
    if (attached !== body.mediaIds.length)
      throw badRequest(
        'media_unavailable',
        'Some photos could not be attached. Please add them again.',
      );
    if (parent) {
      await posts.touchAncestors(trx, await chainAbove(trx, parent.id), at, 1);
      await rescoreRoot(trx, parent.root_id ?? parent.id);
    } else {
      await posts.addToTotalPosts(trx, user.id, 1);
    }
    return (await posts.findWithAuthor(trx, id))!;
  }

  return {
    ...createPostReads({ db, cache, pages, saves }),

    async create(user: UserRow | null, campus: Campus, body: CreatePostInput): Promise<PostDto> {
      postPolicy.canCreate(user, campus);
      const created = await db.kysely
        .transaction()
        .execute((trx) => insert(trx, user, campus, body));
      cache.changed(campus.id);
      const ids = [created.id];
      const [media, liked] = await Promise.all([
        posts.mediaFor(db.kysely, ids),
        saves.among(user.id, ids),
      ]);
      if (!created.parent_id) {
        bus
          .publish(`feed:${campus.id}`, {
            type: 'post.created',
            postId: created.id,
            authorId: user.id,
          })
          .catch(log);
      }
      return pages.present([created], media, liked)[0]!;
    },

    /** Owner-only: the post, its whole thread, saves and files (spec core §4 "Post delete"). */
    async remove(user: UserRow | null, campus: Campus, id: string): Promise<{ topLevel: boolean }> {
      const post = await posts.find(db.kysely, id);
      postPolicy.canDelete(user, campus, post);
      const keys = await db.kysely.transaction().execute(async (trx) => {
        const subtree = await posts.subtreeIds(trx, id);
        const files = keysOfMedia(await posts.mediaFor(trx, subtree));
        if (post!.parent_id)
          await posts.touchAncestors(
            trx,
            await chainAbove(trx, post!.parent_id),
            now(),
            -subtree.length,
          );
        else await posts.addToTotalPosts(trx, post!.author_id, -1);
        await posts.deleteById(trx, id);
        if (post!.root_id) await rescoreRoot(trx, post!.root_id);
        return files;
      });
      cache.changed(campus.id);
      // Files go after the commit: a failed delete leaves an orphan file, never a broken post.
      storage.delete(keys).catch(log);
      return { topLevel: post!.parent_id === null };
    },

    /** The post or comment by id, whatever its campus (policies decide who sees it). */
    find: (id: string): Promise<PostRow | undefined> => posts.find(db.kysely, id),

    /** After a change to the post's likes: its thread's score, and the post as it now is. */
    async rescoreThreadOf(trx: Executor, id: string): Promise<PostRow> {
      const post = (await posts.find(trx, id))!;
      await rescoreRoot(trx, post.root_id ?? post.id);
      return post;
    },

    /** What a campus sees changed (on every server). */
    changed: (campusId: string) => cache.changed(campusId),

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
      const [dto] = await pages.presented([row]);
      const text = dto!.text.replace(/\s+/g, ' ').trim();
      return {
        title: `${dto!.author.firstName}'s post · ${campus.productName}`,
        description:
          text.length > 200 ? `${text.slice(0, 197)}…` : text || `A post on ${campus.productName}`,
        image: dto!.media.find((m) => m.kind === 'image')?.url ?? null,
      };
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
