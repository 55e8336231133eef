import type { Campus } from '@common/campuses';
import type { CreatePostInput, PostDto } from '@common/schemas/posts';
import { v7 as uuidv7 } from 'uuid';
import { BLOCK_MESSAGES } from '@common/schemas/blocks';
import { badRequest, forbidden } from '../../core/errors';
import * as postPolicy from '../../core/policies/post';
import type { Db } from '../../db/kysely';
import { ASK_SOLD_AFTER_MS, LISTING_LIFETIME_MS } from '@common/listings';
import { findCampusSpot } from '@common/meetup-spots';
import { MEETUP_MESSAGES } from '@common/schemas/meetups';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { Executor, PostRow, UserRow } from '../../db/schema';
import {
  mentionedUsernames,
  type NotificationsService,
} from '../notifications/notifications.service';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import { keysOfMedia } from '../media/media.presenter';
import { factChange, factsChanged, type PostCache } from './posts.cache';
import { feedScore } from './posts.cursor';
import type { SharedPages, ViewerBlocks, ViewerSaves } from './posts.pages';
import { type PostWithAuthor, postsRepository as posts, type ScoreFacts } from './posts.repository';

/** Stores the hot score of a thread's root from its counts as they now are. */
function rescore(executor: Executor, root: ScoreFacts): Promise<void> {
  return posts.setFeedScore(
    executor,
    root.id,
    feedScore(root.like_count, root.comment_count, root.created_at),
  );
}

/** Recomputes the hot score of a thread's root after its likes or comments changed. */
async function rescoreRoot(executor: Executor, rootId: string): Promise<void> {
  const root = await posts.find(executor, rootId);
  if (root) await rescore(executor, root);
}

/** Every ancestor of a post (its parent first): the chain a reply or a delete touches. */
async function chainAbove(
  executor: Executor,
  parent: Pick<PostRow, 'id' | 'depth'>,
): Promise<string[]> {
  // Below a top-level post (most comments) there are no more ancestors to look up.
  if (parent.depth === 0) return [parent.id];
  return [parent.id, ...(await posts.ancestorIds(executor, parent.id))];
}

/** A listing's pick-up spot: one of the campus's, on a top-level post only (ADR 026). */
function spotOf(campus: Campus, spotId: string, isComment: boolean): string {
  if (isComment) throw badRequest('spot_on_comment', MEETUP_MESSAGES.spotOnComment);
  if (!findCampusSpot(campus, spotId))
    throw badRequest('unknown_spot', MEETUP_MESSAGES.unknownSpot);
  return spotId;
}

/**
 * While a block stands (ADR 024, addendum), neither student replies to the
 * other's post or comment, nor anywhere in a thread the other started, nor
 * mentions the other: 403. Costs one query when the writer has no blocks.
 */
async function refuseAcrossBlocks(
  db: Executor,
  blocks: ViewerBlocks,
  user: UserRow,
  campus: Campus,
  body: CreatePostInput,
): Promise<void> {
  const hidden = await blocks.hidden(user.id);
  if (hidden.size === 0) return;
  if (body.parentId) {
    const parent = await posts.find(db, body.parentId);
    postPolicy.canRead(user, campus, parent);
    const root = parent!.root_id ? await posts.find(db, parent!.root_id) : parent;
    if (hidden.has(parent!.author_id) || (root && hidden.has(root.author_id)))
      throw forbidden('blocked', BLOCK_MESSAGES.cantReply);
  }
  if (await blocks.namedAcross(user.id, campus.id, mentionedUsernames(body.text)))
    throw forbidden('blocked', BLOCK_MESSAGES.cantMention);
}

/** Inserts the post and attaches its files; a comment touches its thread. */
async function insert(
  trx: Executor,
  user: UserRow,
  campus: Campus,
  body: CreatePostInput,
  at: number,
): Promise<{ created: PostWithAuthor; parent: PostRow | undefined }> {
  const id = uuidv7();
  const parent = body.parentId ? await posts.find(trx, body.parentId) : undefined;
  if (body.parentId) postPolicy.canRead(user, campus, parent);
  const spot = body.spotId ? spotOf(campus, body.spotId, Boolean(parent)) : null;
  // A listing is asked "Did it sell?" after 14 days and expires after 60 untouched (ADR 029).
  const listed = !parent && body.price != null;
  await posts.insert(trx, {
    id,
    campus_id: campus.id,
    author_id: user.id,
    parent_id: parent?.id ?? null,
    root_id: parent ? (parent.root_id ?? parent.id) : null,
    depth: parent ? parent.depth + 1 : 0,
    text: body.text.trim(),
    category: parent ? null : (body.category ?? null),
    spot_id: spot,
    media_count: body.mediaIds.length,
    // Listing fields belong to top-level posts only (the schema refuses them on comments).
    price: parent ? null : (body.price ?? null),
    obo: parent ? false : body.obo,
    condition: parent ? null : (body.condition ?? null),
    ask_sold_at: listed ? at + ASK_SOLD_AFTER_MS : null,
    expires_at: listed ? at + LISTING_LIFETIME_MS : null,
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
  // Descriptions of files this post took; any other id is ignored (ADR 060).
  await posts.setMediaAlt(
    trx,
    id,
    body.mediaAlt.filter((a) => body.mediaIds.includes(a.id)),
  );
  if (parent) {
    // The chain runs up to the root, so the root's new counts are among the touched rows.
    const touched = await posts.touchAncestors(trx, await chainAbove(trx, parent), at, 1);
    const rootId = parent.root_id ?? parent.id;
    await rescore(
      trx,
      touched.find((row) => row.id === rootId)!,
    );
  } else {
    await posts.addToTotalPosts(trx, user.id, 1);
  }
  return { created: (await posts.findWithAuthor(trx, id))!, parent };
}

/**
 * The notifications a new post or comment causes, in its transaction: the
 * parent's author (comment, or reply to a comment) and everyone it mentions.
 */
async function notifyFor(
  trx: Executor,
  notifications: PostNotifier,
  user: UserRow,
  post: PostWithAuthor,
  parent: PostRow | undefined,
): Promise<() => void> {
  const announces: (() => void)[] = [];
  if (parent) {
    const type = parent.parent_id ? 'comment reply' : 'comment';
    announces.push(
      await notifications.notify(trx, [
        {
          type,
          toUserId: parent.author_id,
          from: user,
          postId: post.root_id ?? post.id,
          message: NOTIFICATION_TEXT[type](user.first_name, post.text),
        },
      ]),
    );
  }
  announces.push(
    await notifications.notifyMentions(trx, {
      campusId: post.campus_id,
      text: post.text,
      from: user,
      postId: post.root_id ?? post.id,
      except: parent ? [parent.author_id] : [],
    }),
  );
  return () => announces.forEach((announce) => announce());
}

/** What posting needs of the notifications module. */
export type PostNotifier = Pick<NotificationsService, 'notify' | 'notifyMentions'>;

/** For a posts service built without notifications (the bench's query capture). */
export const noNotifications: PostNotifier = {
  notify: async () => () => undefined,
  notifyMentions: async () => () => undefined,
};

/** A new top-level post as those who watch for listings see it. */
export type NewListing = Pick<
  PostRow,
  'id' | 'campus_id' | 'author_id' | 'text' | 'category' | 'media_count' | 'created_at' | 'price'
>;

/**
 * Who hears of each new top-level post once it has committed (saved-search
 * alerts): called off the request's work, it must not throw.
 */
export interface PostWatch {
  posted(post: NewListing): void;
}

export const noWatch: PostWatch = { posted: () => undefined };

export interface PostCommandDeps {
  notifications: PostNotifier;
  blocks: ViewerBlocks;
  watch: PostWatch;
  db: Db;
  storage: BlobStore;
  bus: EventBus;
  saves: ViewerSaves;
  cache: PostCache;
  pages: SharedPages;
  now: () => number;
  log: (error: unknown) => void;
}

/**
 * What a new post or comment changed: a new post heads the lists; a comment
 * changes its thread's counts and its post's activity (every thread entry
 * shows the root).
 */
function createdChange(created: Pick<PostRow, 'root_id' | 'parent_id'>) {
  return factsChanged(
    factChange['campus-lists'](),
    factChange.post(...(created.root_id ? [created.root_id, created.parent_id!] : [])),
  );
}

/** Posting, commenting and deleting, and the counts and scores that follow. */
export interface PostCommands {
  /** Posts or comments as the student; the post as its author sees it. */
  create(user: UserRow | null, campus: Campus, body: CreatePostInput): Promise<PostDto>;
  /** Owner-only: deletes the post, its whole thread, its saves and its files. */
  remove(user: UserRow | null, campus: Campus, id: string): Promise<{ topLevel: boolean }>;
  /**
   * A moderator's removal (ADR 025): the same delete as the author's, inside
   * the moderator's transaction (its log and closed reports commit with it);
   * the returned function drops the caches and files once that committed.
   */
  removeIn(trx: Executor, post: PostRow): Promise<() => void>;
  /**
   * Moves a post's save count by `delta` and rescores its thread: the post as
   * it now is. Its row stays locked from here to the commit, so a
   * transaction calls it last (saves of one popular post wait on each other).
   */
  moveLikes(trx: Executor, id: string, delta: number): Promise<PostRow>;
  /** After a change to the post's likes: its thread's score, and the post as it now is. */
  rescoreThreadOf(trx: Executor, id: string): Promise<PostRow>;
}

/** Builds the write commands of posts. */
export function createPostCommands({
  notifications,
  blocks,
  watch,
  db,
  storage,
  bus,
  cache,
  pages,
  now,
  log,
}: PostCommandDeps): PostCommands {
  /** Deletes the post, its thread, saves and rows of files in `trx`; what to do after the commit. */
  async function removeIn(trx: Executor, post: PostRow): Promise<() => void> {
    const subtree = await posts.subtreeIds(trx, post.id);
    const keys = keysOfMedia(await posts.mediaFor(trx, subtree));
    if (post.parent_id)
      await posts.touchAncestors(
        trx,
        await chainAbove(trx, { id: post.parent_id, depth: post.depth - 1 }),
        now(),
        -subtree.length,
      );
    else await posts.addToTotalPosts(trx, post.author_id, -1);
    await posts.deleteById(trx, post.id);
    if (post.root_id) await rescoreRoot(trx, post.root_id);
    return () => {
      cache.changed(
        post.campus_id,
        factsChanged(
          factChange['campus-lists'](),
          factChange.post(...(post.root_id ? [post.id, post.root_id] : [post.id])),
        ),
      );
      // Files go after the commit: a failed delete leaves an orphan file, never a broken post.
      storage.delete(keys).catch(log);
    };
  }

  return {
    async create(user: UserRow | null, campus: Campus, body: CreatePostInput): Promise<PostDto> {
      postPolicy.canCreate(user, campus);
      await refuseAcrossBlocks(db.kysely, blocks, user, campus, body);
      const { created, announce } = await db.kysely.transaction().execute(async (trx) => {
        const { created, parent } = await insert(trx, user, campus, body, now());
        return { created, announce: await notifyFor(trx, notifications, user, created, parent) };
      });
      announce();
      cache.changed(campus.id, createdChange(created));
      // Nobody has saved a post that did not exist a moment ago; its files are the ones attached.
      const media = created.media_count > 0 ? await posts.mediaFor(db.kysely, [created.id]) : [];
      const liked = new Set<string>();
      if (!created.parent_id) {
        bus
          .publish(`feed:${campus.id}`, {
            type: 'post.created',
            postId: created.id,
            authorId: user.id,
          })
          .catch(log);
        watch.posted(created);
      }
      return pages.present([created], media, liked, postPolicy.postViewer(user))[0]!;
    },

    async remove(user: UserRow | null, campus: Campus, id: string): Promise<{ topLevel: boolean }> {
      const post = await posts.find(db.kysely, id);
      postPolicy.canDelete(user, campus, post);
      const done = await db.kysely.transaction().execute((trx) => removeIn(trx, post!));
      done();
      return { topLevel: post!.parent_id === null };
    },

    removeIn,

    async moveLikes(trx: Executor, id: string, delta: number): Promise<PostRow> {
      const post = (await posts.addLikes(trx, id, delta))!;
      await (post.root_id ? rescoreRoot(trx, post.root_id) : rescore(trx, post));
      return post;
    },

    async rescoreThreadOf(trx: Executor, id: string): Promise<PostRow> {
      const post = (await posts.find(trx, id))!;
      await rescoreRoot(trx, post.root_id ?? post.id);
      return post;
    },
  };
}
