import type { PostDto } from '@common/schemas/posts';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { encodeCursor } from './posts.cursor';
import { postViewer, type PostViewer } from '../../core/policies/post';
import { type PostCache, viewerState } from './posts.cache';
import { createPostPresenter, type MediaRow } from './posts.presenter';
import {
  type Order,
  type PostWithAuthor,
  type PostWithFiles,
  postsRepository as posts,
} from './posts.repository';
import { postListJson, type PostListJson, type PostsJson } from './posts.templates';

/**
 * The viewer's saves among posts (modules/likes provides them): the posts
 * module reads pages, the likes module knows who saved what.
 */
export interface ViewerSaves {
  /** Every post the student saved, or null when they saved more than `most`. */
  all(userId: string, most: number): Promise<Set<string> | null>;
  among(userId: string, postIds: string[]): Promise<Set<string>>;
  /** In a whole thread (by its root) plus the posts of `chain` above it. */
  inThread(userId: string, rootId: string, chain: string[]): Promise<Set<string>>;
  /** Everyone who saved the post, read in the caller's transaction. */
  savers(executor: Executor, postId: string): Promise<string[]>;
}

/**
 * A page as every member of the campus sees it, written as JSON with a hole
 * for each post's `liked` (posts.templates.ts). `serial` names this very entry,
 * so the viewer's saves cached beside it were read for exactly its posts.
 */
export interface SharedPage {
  json: PostsJson;
  serial: number;
}

/**
 * Most saves of one viewer that the viewer lane keeps whole (ADR 033): with
 * all of them known, no page needs a query for the viewer's saves. A keener
 * saver's are asked page by page.
 */
export const WHOLE_SAVES = 250;

/**
 * What one viewer saved: everything (`asked` null), or, for a keen saver,
 * which of the posts of list pages asked about so far.
 */
interface KnownSaves {
  asked: Set<string> | null;
  saved: Set<string>;
}

/** A list page of the campus, whose posts each viewer may see fewer of. */
export interface SharedList extends SharedPage {
  json: PostListJson;
}

/**
 * The students a viewer blocked or was blocked by (modules/blocks provides
 * them): their posts leave the viewer's lists (ADR 024).
 */
export interface ViewerBlocks {
  hidden(userId: string): Promise<Set<string>>;
  /** Whether a student of the campus these usernames name stands across a block from `userId`. */
  namedAcross(userId: string, campusId: string, usernames: string[]): Promise<boolean>;
}

export interface SharedPagesDeps {
  db: Db;
  storage: BlobStore;
  cache: PostCache;
  saves: ViewerSaves;
  blocks: ViewerBlocks;
}

/**
 * What only one viewer sees of a list page, each kept per viewer in the
 * cache's viewer lane: their saves and whose posts they do not see.
 */
function createViewerLane(cache: PostCache, saves: ViewerSaves, blocks: ViewerBlocks) {
  /**
   * What the viewer saved. It changes only when they save or unsave (a change
   * naming them), not when a page does, so it is kept per viewer rather than
   * per page (ADR 031): all of it, read once (ADR 033), or for a keen saver
   * the posts asked about so far and which of them they saved.
   */
  function knownSaves(campusId: string, viewer: UserRow): Promise<KnownSaves> {
    const state = viewerState.saves(viewer.id);
    return cache.read(
      campusId,
      state,
      async (): Promise<KnownSaves> => {
        const all = await saves.all(viewer.id, WHOLE_SAVES);
        return all ? { asked: null, saved: all } : { asked: new Set(), saved: new Set() };
      },
      { lane: 'viewer', shows: { posts: [], list: false, viewers: [state] } },
    );
  }

  /** The viewer's saves among a list page's posts; for a keen saver, posts not asked about yet are read. */
  async function listSaves(
    campusId: string,
    viewer: UserRow,
    page: SharedList,
  ): Promise<ReadonlySet<string>> {
    const known = await knownSaves(campusId, viewer);
    if (!known.asked) return known.saved;
    const asked = known.asked;
    const unasked = page.json.ids.filter((id) => !asked.has(id));
    if (unasked.length > 0) {
      const saved = await saves.among(viewer.id, unasked);
      for (const id of unasked) asked.add(id);
      for (const id of saved) known.saved.add(id);
    }
    return known.saved;
  }

  /**
   * Whose posts the viewer does not see: one query, cached beside their
   * saves until a block or unblock of theirs (blocks.service.ts).
   */
  function hiddenFrom(campusId: string, viewer: UserRow): Promise<Set<string>> {
    const state = viewerState.blocks(viewer.id);
    return cache.read(campusId, state, () => blocks.hidden(viewer.id), {
      lane: 'viewer',
      shows: { posts: [], list: false, viewers: [state] },
    });
  }

  return { knownSaves, listSaves, hiddenFrom };
}

/** Whether the rows were read with their files (a feed page). */
const withFiles = (rows: PostWithAuthor[] | PostWithFiles[]): rows is PostWithFiles[] =>
  rows.every((r) => 'media' in r);

/**
 * Pages of posts written once per cache entry and filled in per viewer
 * (ADR 004, 005): what the reads, commands and tabs of posts share.
 */
export interface SharedPages {
  /**
   * Rows as the API's posts, with their files and the viewer's saves given,
   * and what `viewer` may do with each (nobody's when absent: a written page
   * holds it until filled).
   */
  present(
    rows: PostWithAuthor[],
    media: MediaRow[],
    liked: Set<string>,
    viewer?: PostViewer | null,
  ): PostDto[];
  /**
   * As every viewer sees them: `liked` is filled in per viewer. Rows of a
   * page read with their files need no further query; others read theirs,
   * for the posts that have any.
   */
  presented(rows: PostWithAuthor[] | PostWithFiles[]): Promise<PostDto[]>;
  /** A list page; a full page carries the cursor of the next one. */
  listJson(
    rows: PostWithAuthor[] | PostWithFiles[],
    limit: number,
    order?: Order,
  ): Promise<PostListJson>;
  /**
   * The page with the viewer's saves and what they may do filled in: saves
   * from all they saved when that is known, or else read by `readSaves` and
   * cached beside the page (they go stale with it: a save is a write to the
   * campus); `can` from the post policy and `hidden`, the viewer's blocks
   * (hiddenFrom). Either way a page read again costs no query at all.
   */
  forViewer(
    campusId: string,
    viewer: UserRow,
    page: SharedPage,
    readSaves: () => Promise<Set<string>>,
    hidden: Set<string>,
  ): Promise<Buffer>;
  /** Whose posts the viewer does not see (blocked either way), cached beside their saves. */
  hiddenFrom(campusId: string, viewer: UserRow): Promise<Set<string>>;
  /** A number naming a new cache entry. */
  nextSerial(): number;
  /**
   * A list page of the campus, from the cache or read by `rows` and written
   * once. It goes stale when one of its posts changes, and when the campus's
   * lists change if `list` says the page depends on which posts a list holds
   * (a first page; a page of a later cursor never gains a new post).
   */
  cachedList(
    campusId: string,
    key: string,
    rows: () => Promise<PostWithAuthor[] | PostWithFiles[]>,
    options: { limit: number; order?: Order; list: boolean },
  ): Promise<SharedList>;
  /**
   * A list page of the campus with the viewer's saves on it, without the
   * posts of students blocked either way: such a page is shorter than the
   * shared one, and its cursor is the shared page's, so the next page
   * starts where the shared one ends (ADR 024).
   */
  listForViewer(campusId: string, viewer: UserRow, page: SharedList): Promise<Buffer>;
}

/** A keen saver's saves on one page, read once and cached beside it in the viewer lane. */
function savesOn(
  cache: PostCache,
  campusId: string,
  viewer: UserRow,
  page: SharedPage,
  readSaves: () => Promise<Set<string>>,
): Promise<Set<string>> {
  return cache.read(campusId, `saves:${viewer.id}:${page.serial}`, readSaves, {
    lane: 'viewer',
    // A save changes the post's count too, so its page goes, and these with it.
    shows: { posts: page.json.ids, list: false },
  });
}

/** Builds the shared pages over the campus cache. */
export function createSharedPages({
  db,
  storage,
  cache,
  saves,
  blocks,
}: SharedPagesDeps): SharedPages {
  const present = createPostPresenter(storage);
  const { knownSaves, listSaves, hiddenFrom } = createViewerLane(cache, saves, blocks);
  let serials = 0;

  async function presented(rows: PostWithAuthor[] | PostWithFiles[]): Promise<PostDto[]> {
    const media = withFiles(rows)
      ? rows.flatMap((r) => r.media)
      : await posts.mediaFor(
          db.kysely,
          rows.filter((r) => r.media_count > 0).map((r) => r.id),
        );
    return present(rows, media, new Set());
  }

  async function listJson(
    rows: PostWithAuthor[] | PostWithFiles[],
    limit: number,
    order: Order = 'recent',
  ) {
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return postListJson(await presented(rows), last ? encodeCursor(last, order) : null);
  }

  async function forViewer(
    campusId: string,
    viewer: UserRow,
    page: SharedPage,
    readSaves: () => Promise<Set<string>>,
    hidden: Set<string>,
  ): Promise<Buffer> {
    const known = await knownSaves(campusId, viewer);
    const can = postViewer(viewer, hidden);
    if (!known.asked) return page.json.render(known.saved, can);
    return page.json.render(await savesOn(cache, campusId, viewer, page, readSaves), can);
  }

  return {
    present,
    presented,
    listJson,
    forViewer,
    hiddenFrom,
    nextSerial: () => ++serials,

    cachedList(
      campusId: string,
      key: string,
      rows: () => Promise<PostWithAuthor[] | PostWithFiles[]>,
      { limit, order = 'recent', list }: { limit: number; order?: Order; list: boolean },
    ): Promise<SharedList> {
      return cache.read(
        campusId,
        key,
        async () => ({ json: await listJson(await rows(), limit, order), serial: ++serials }),
        { shows: (page) => ({ posts: page.json.ids, list }) },
      );
    },

    async listForViewer(campusId: string, viewer: UserRow, page: SharedList): Promise<Buffer> {
      const [liked, hidden] = await Promise.all([
        listSaves(campusId, viewer, page),
        hiddenFrom(campusId, viewer),
      ]);
      return page.json.render(liked, postViewer(viewer, hidden), hidden);
    },
  };
}
