import type { Campus } from '@common/campuses';
import { priceLabel } from '@common/listings';
import type { Db } from '../../db/kysely';
import type { PostDto } from '@common/schemas/posts';
import type { PostRow, UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import { type AnalyticsRecorder, noAnalytics } from '../analytics/analytics.service';
import type { CacheChange, PostCache } from './posts.cache';

export { factChange, factsChanged, viewerState } from './posts.cache';
import {
  createSharedPages,
  type SharedPages,
  type ViewerBlocks,
  type ViewerSaves,
} from './posts.pages';
import { createAuthorLeaving, type LeavingAuthorPosts } from './posts.leaving';
import { createListingLifecycle, type ListingLifecycle } from './posts.lifecycle';
import {
  createListingWrites,
  type ListingWrites,
  noSales,
  type SaleRecords,
} from './posts.listings';
import { createProfileTabs, type ProfileTabs } from './posts.profiles';
import { createPostReads, type PostReads } from './posts.reads';
import { postsRepository as posts } from './posts.repository';
import {
  createPostCommands,
  type PostCommands,
  noNotifications,
  noWatch,
  type PostNotifier,
  type PostWatch,
} from './posts.commands';

export { feedScore } from './posts.cursor';
export { filterKey, listingMatches } from './posts.reads';
export type { ViewerBlocks, ViewerSaves } from './posts.pages';
export type { AuthorLeaving } from './posts.leaving';
export type { NewListing, PostWatch } from './posts.commands';
export type { SaleRecords } from './posts.listings';

export interface PostsServiceDeps {
  db: Db;
  storage: BlobStore;
  bus: EventBus;
  /** The viewer's saves, from modules/likes. */
  saves: ViewerSaves;
  /** Whom each viewer blocked or was blocked by, from modules/blocks; nobody when absent. */
  blocks?: ViewerBlocks;
  /** Who hears of a comment or a mention; nobody when absent. */
  notifications?: PostNotifier;
  /** Who hears of new listings after they commit (saved searches); nobody when absent. */
  watch?: PostWatch;
  /** What every member of a campus sees alike; uncached when absent. */
  cache?: PostCache;
  /** A listing's sale, dropped when it stops being sold (modules/sales, ADR 052); none when absent. */
  sales?: SaleRecords;
  /** Listings submitted and deleted, category switches; nothing recorded when absent. */
  analytics?: AnalyticsRecorder;
  now?: () => number;
  log?: (error: unknown) => void;
  /** The campus of an id: the registry's (ADR 054); the compiled campuses by default. */
  campusOf?: (id: string) => Campus | undefined;
}

const noBlocks: ViewerBlocks = { hidden: async () => new Set(), namedAcross: async () => false };

const uncached: PostCache = {
  read: (_campusId, _key, load) => load(),
  changed: () => undefined,
  close: async () => undefined,
};

/** A post's price, status and expiry, to filter search results. */
export interface ListingFacts {
  id: string;
  price: number | null;
  status: string;
  expires_at: number | null;
}

/** What a shared link shows of a post (Open Graph). */
export interface PostPreview {
  title: string;
  description: string;
  image: string | null;
  price: number | null;
}

/**
 * Posts, comments and their threads on a campus: what routes and other
 * modules call. The methods of each part are declared and documented in the
 * part's own file (reads, commands, profile tabs, an author's leaving,
 * listing changes, a listing's lifecycle); the rest here.
 */
export interface PostsService
  extends
    PostReads,
    PostCommands,
    ProfileTabs,
    LeavingAuthorPosts,
    ListingWrites,
    ListingLifecycle {
  /** Prices and statuses of posts of the campus, to filter search results (ADR 023). */
  listingFacts(campusId: string, ids: string[]): Promise<ListingFacts[]>;
  /** The post or comment by id, whatever its campus (policies decide who sees it). */
  find(id: string): Promise<PostRow | undefined>;
  /**
   * Posts of the campus by id in the order given, with the viewer's saves
   * (search results). The page is written once per change of the campus
   * under `key` (ADR 004, 009); a viewer's saves on it are one query, then
   * cached beside it.
   */
  byIds(viewer: UserRow, campus: Campus, key: string, ids: string[]): Promise<PostDto[]>;
  /** What a campus sees changed (on every server). */
  changed(campusId: string, change?: CacheChange): void;
  /**
   * What a shared link shows a reader of the campus (Open Graph); null for
   * a post missing to the viewer (previewOf).
   */
  preview(viewer: UserRow, campus: Campus, id: string): Promise<PostPreview | null>;
}

/**
 * Builds the posts service from its parts. Every method is named here once;
 * the analytics of listings and category switches wrap the methods they
 * record by name (recordingCategorySwitch, recordingSubmit, recordingDelete).
 */
export function createPostsService({
  db,
  storage,
  bus,
  saves,
  blocks = noBlocks,
  notifications = noNotifications,
  watch = noWatch,
  cache = uncached,
  analytics = noAnalytics,
  sales = noSales,
  now = Date.now,
  log = () => undefined,
  campusOf,
}: PostsServiceDeps): PostsService {
  const pages = createSharedPages({ db, storage, cache, saves, blocks });
  const reads = createPostReads({ db, cache, pages, saves, now, campusOf });
  const commands = createPostCommands({
    db,
    blocks,
    storage,
    bus,
    saves,
    notifications,
    watch,
    cache,
    pages,
    now,
    log,
  });
  const tabs = createProfileTabs({ db, pages, saves });
  const leaving = createAuthorLeaving(commands.rescoreThreadOf);
  const listings = createListingWrites({ db, saves, notifications, cache, pages, now, sales });
  const lifecycle = createListingLifecycle({ db, saves, notifications, cache, pages, now, log });

  return {
    feed: recordingCategorySwitch(reads.feed, analytics),
    mediaFeed: reads.mediaFeed,
    saved: reads.saved,
    postPage: reads.postPage,

    create: recordingSubmit(commands.create, analytics),
    remove: recordingDelete(commands.remove, analytics),
    removeIn: commands.removeIn,
    moveLikes: commands.moveLikes,
    rescoreThreadOf: commands.rescoreThreadOf,

    profileTab: tabs.profileTab,
    authorLeaving: leaving.authorLeaving,
    authorLeft: leaving.authorLeft,
    updateListing: listings.updateListing,
    renewListing: lifecycle.renewListing,
    askDidItSell: lifecycle.askDidItSell,

    listingFacts: (campusId, ids) => posts.listingFacts(db.kysely, campusId, ids),
    find: (id) => posts.find(db.kysely, id),
    byIds: (viewer, campus, key, ids) => byIdsPage({ db, pages }, viewer, campus, key, ids),
    changed: (campusId, change) => cache.changed(campusId, change),
    preview: (viewer, campus, id) => previewOf({ db, pages, blocks }, viewer, campus, id),
  };
}

/** Search results: posts of the campus by id in the order given, with the viewer's saves. */
async function byIdsPage(
  { db, pages }: { db: Db; pages: SharedPages },
  viewer: UserRow,
  campus: Campus,
  key: string,
  ids: string[],
): Promise<PostDto[]> {
  const page = await pages.cachedList(
    campus.id,
    `ids:${key}`,
    async () => {
      const rows = await posts.manyWithAuthor(db.kysely, campus.id, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    // Never a full page: the caller pages by its own cursor. The ids come
    // from a ranking that a change of the lists replaces.
    { limit: ids.length + 1, list: true },
  );
  const json = await pages.listForViewer(campus.id, viewer, page);
  return (JSON.parse(json.toString()) as { items: PostDto[] }).items;
}

/**
 * A post's link preview: the author's first name, the start of the text and
 * the first photo. Null for a post that is missing, of another campus, or
 * whose author, or the author of a post above it, stands across a block from
 * the viewer (ADR 038: then it is missing to them).
 */
async function previewOf(
  { db, pages, blocks }: { db: Db; pages: SharedPages; blocks: ViewerBlocks },
  viewer: UserRow,
  campus: Campus,
  id: string,
): Promise<PostPreview | null> {
  const row = await posts.findWithAuthor(db.kysely, id, db.dialect);
  if (!row || row.campus_id !== campus.id) return null;
  // As in the API: the posts above a comment are on its page too.
  const above = await posts.ancestors(db.kysely, row, db.dialect);
  const hidden = await blocks.hidden(viewer.id);
  if ([row, ...above].some((p) => hidden.has(p.author_id))) return null;
  const [dto] = await pages.presented([row]);
  const text = dto!.text.replace(/\s+/g, ' ').trim();
  // A listing leads with its price (ADR 023): "$40 · OBO · Maya's post · UT Buy / Sell".
  const price = priceLabel(dto!);
  const lead = price ? `${price} · ` : '';
  const body = text.length > 200 ? `${text.slice(0, 197)}…` : text;
  return {
    title: `${lead}${dto!.author.firstName}'s post · ${campus.productName}`,
    description: body ? `${lead}${body}` : `${lead}A post on ${campus.productName}`,
    image: dto!.media.find((m) => m.kind === 'image')?.url ?? null,
    price: dto!.price,
  };
}

/**
 * The first page of a category's feed, recorded once it was read: switching
 * the category asks for it.
 */
function recordingCategorySwitch(
  feed: PostReads['feed'],
  analytics: AnalyticsRecorder,
): PostReads['feed'] {
  return async (user, campus, query) => {
    const page = await feed(user, campus, query);
    if (user && query.category && !query.cursor)
      analytics.record(user, 'Switch Post Category', { category: query.category });
    return page;
  };
}

/** A listing submitted, recorded once it was stored (top-level posts; comments are not listings). */
function recordingSubmit(
  create: PostCommands['create'],
  analytics: AnalyticsRecorder,
): PostCommands['create'] {
  return async (user, campus, body) => {
    const post = await create(user, campus, body);
    if (user && post.parentId === null)
      analytics.record(user, 'Submit Post', {
        postId: post.id,
        category: post.category,
        media: post.media.length,
      });
    return post;
  };
}

/** A listing deleted, recorded once it was gone (top-level posts only). */
function recordingDelete(
  remove: PostCommands['remove'],
  analytics: AnalyticsRecorder,
): PostCommands['remove'] {
  return async (user, campus, id) => {
    const removed = await remove(user, campus, id);
    if (user && removed.topLevel) analytics.record(user, 'Delete Post', { postId: id });
    return removed;
  };
}
