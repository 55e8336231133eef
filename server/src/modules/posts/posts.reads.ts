import { type Campus, compiledCampus, hasRankedFeed } from '@common/campuses';
import { PAGE_SIZES } from '@common/limits';
import { type ListingFilter, POST_MESSAGES as M, type SellerSummary } from '@common/schemas/posts';
import { badRequest, notFound } from '../../core/errors';
import * as campusPolicy from '../../core/policies/campus';
import * as postPolicy from '../../core/policies/post';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { PostCache } from './posts.cache';
import { decodeCursor } from './posts.cursor';
import type { SharedPage, SharedPages, ViewerSaves } from './posts.pages';
import { nestReplies } from './posts.presenter';
import { type Order, postsRepository as posts } from './posts.repository';
import { NO_SELLER, postPageJson } from './posts.templates';

/** The listing filters of a request as a cache key part: the same filters, the same key. */
export function filterKey(f: ListingFilter): string {
  return [
    f.minPrice ?? '',
    f.maxPrice ?? '',
    f.free ? 'free' : '',
    f.includeSold ? 'sold' : '',
    f.sort ?? '',
  ].join(',');
}

/** Whether a post's price, status and expiry pass the filters (search applies them to its ranking). */
export function listingMatches(
  post: { price: number | null; status: string; expires_at: number | null },
  f: ListingFilter,
  at: number,
): boolean {
  // An expired listing leaves search as it leaves the feed (ADR 029).
  if (post.expires_at !== null && post.expires_at <= at) return false;
  if (!f.includeSold && post.status === 'sold') return false;
  const priced =
    f.free || f.minPrice !== undefined || f.maxPrice !== undefined || f.sort === 'price';
  if (!priced) return true;
  if (post.price === null) return false;
  if (f.free && post.price !== 0) return false;
  if (f.minPrice !== undefined && post.price < f.minPrice) return false;
  return f.maxPrice === undefined || post.price <= f.maxPrice;
}

/**
 * A written post page (JSON bytes ending in a null seller) with its `seller`
 * (postPageSchema). Only a listing's page is copied to take one; the rest,
 * long threads among them, go out as written.
 */
export function withSeller(json: Buffer, seller: SellerSummary | null): Buffer {
  if (seller === null) return json;
  return Buffer.concat([
    json.subarray(0, json.length - NO_SELLER.length),
    Buffer.from(`"seller":${JSON.stringify(seller)}}`),
  ]);
}

/** A cursor of another order than the one asked (core/cursor.ts's words). */
const invalidCursor = () => badRequest('invalid_cursor', 'This list has changed. Please reload.');

/** A post page also knows its thread, to read the viewer's saves in it. */
interface SharedThread extends SharedPage {
  rootId: string;
  /** The authors of the post and of the posts above it: one across a block from the viewer hides the page. */
  authorIds: string[];
  /** The root and the chain above a comment: posts outside the root's index. */
  chain: string[];
  /** The author of a top-level listing, whose seller card the page shows (ADR 048); else null. */
  sellerId: string | null;
}

export interface PostReadsDeps {
  db: Db;
  cache: PostCache;
  pages: SharedPages;
  saves: ViewerSaves;
  now: () => number;
  /** The campus of an id (the registry's, ADR 054); the compiled ones by default. */
  campusOf?: (id: string) => Campus | undefined;
}

/**
 * Post pages: each post's thread written once per campus cache entry, and
 * filled in for the viewer who opens it (postPage).
 */
function createPostPages({
  db,
  cache,
  pages,
  saves,
  campusOf = compiledCampus,
}: Pick<PostReadsDeps, 'db' | 'cache' | 'pages' | 'saves' | 'campusOf'>): PostReads['postPage'] {
  /** The post, its parent chain and its whole thread, written once per cache entry. */
  async function readThread(campus: Campus, id: string): Promise<SharedThread | null> {
    // On PostgreSQL each row comes with its files; SQLite reads them in one statement more (ADR 069).
    const row = await posts.findWithAuthor(db.kysely, id, db.dialect);
    if (!row || row.campus_id !== campus.id) return null;
    const rootId = row.root_id ?? row.id;
    const [parents, replies] = await Promise.all([
      posts.ancestors(db.kysely, row, db.dialect),
      posts.descendants(db.kysely, id, rootId, db.dialect),
    ]);
    const [post, ...rest] = await pages.presented([row, ...parents, ...replies]);
    const above = rest.slice(0, parents.length);
    return {
      json: postPageJson({
        post: post!,
        parents: above,
        comments: nestReplies(id, rest.slice(parents.length)),
      }),
      serial: pages.nextSerial(),
      rootId,
      authorIds: [row, ...parents].map((p) => p.author_id),
      chain: [rootId, id, ...above.map((p) => p.id)],
      sellerId: row.parent_id === null && row.price !== null ? row.author_id : null,
    };
  }

  /** The post's thread as the campus's cache keeps it; null when it is not a post of the campus. */
  const threadOn = (campus: Campus, id: string) =>
    cache.read(campus.id, `post:${id}`, () => readThread(campus, id), {
      // Every post shown, the root among them: a save, a reply or a deletion in the thread drops it.
      shows: (t) => (t ? { posts: t.json.ids, list: false } : { posts: [], list: true }),
    });

  /**
   * The thread a reader of `campus` opens, and the campus it is of: a post of
   * the campus, or the viewer's own post of a campus they left (ADR 040).
   */
  async function pageOf(user: UserRow, campus: Campus, id: string) {
    const thread = await threadOn(campus, id);
    if (thread) return { site: campus, thread };
    const row = await posts.find(db.kysely, id);
    if (!row || row.campus_id === campus.id || !postPolicy.isAuthor(user, row)) return null;
    const site = campusOf(row.campus_id);
    if (!site) return null;
    const own = await threadOn(site, id);
    return own ? { site, thread: own } : null;
  }

  return async function postPage(user: UserRow | null, campus: Campus, id: string) {
    campusPolicy.canRead(user, campus);
    const page = await pageOf(user, campus, id);
    // A page showing a post of a student across a block, either way, as the
    // post or above it, is missing to the viewer, as its page is (ADR 038).
    if (!page) throw notFound('post_not_found', M.postDeletedMissing);
    const hidden = await pages.hiddenFrom(page.site.id, user);
    if (page.thread.authorIds.some((id) => hidden.has(id)))
      throw notFound('post_not_found', M.postDeletedMissing);
    const { site, thread } = page;
    const [json, seller] = await Promise.all([
      pages.forViewer(
        site.id,
        user,
        thread,
        () => saves.inThread(user.id, thread.rootId, thread.chain),
        hidden,
      ),
      // Read on every visit, not kept with the thread: another listing of
      // the seller marked sold changes it without touching this thread.
      thread.sellerId ? posts.sellerSummary(db.kysely, thread.sellerId, site.id) : undefined,
    ]);
    return withSeller(json, seller ?? null);
  };
}

/** The feeds, the viewer's saved posts and post pages, as JSON text. */
export interface PostReads {
  /** The campus feed as JSON (postListSchema): newest activity first, ranked on OU. */
  feed(
    user: UserRow | null,
    campus: Campus,
    query: { cursor?: string; category?: string } & ListingFilter,
  ): Promise<Buffer>;
  /** Posts with photos or videos as JSON (postListSchema). */
  mediaFeed(user: UserRow | null, campus: Campus, query: { cursor?: string }): Promise<Buffer>;
  /** The viewer's saved posts as JSON (postListSchema): every one of them is saved. */
  saved(user: UserRow | null, campus: Campus, query: { cursor?: string }): Promise<Buffer>;
  /**
   * The post, its parent chain and its whole thread as JSON (postPageSchema):
   * a fixed number of queries whatever the thread's size (the post, its
   * ancestors when it has any, its descendants, their media apart on SQLite
   * as for a feed page: ADR 069), then the viewer's saves and,
   * for a listing, its seller card in one more statement (ADR 048).
   */
  postPage(user: UserRow | null, campus: Campus, id: string): Promise<Buffer>;
}

/** Builds the reads of posts over the campus caches. */
export function createPostReads({
  db,
  cache,
  pages,
  saves,
  now,
  campusOf,
}: PostReadsDeps): PostReads {
  const { dialect } = db;
  const postPage = createPostPages({ db, cache, pages, saves, campusOf });

  return {
    async feed(
      user: UserRow | null,
      campus: Campus,
      query: { cursor?: string; category?: string } & ListingFilter,
    ): Promise<Buffer> {
      campusPolicy.canRead(user, campus);
      const cursor = decodeCursor(query.cursor);
      const { cursor: _cursor, category: _category, ...filter } = query;
      const order: Order =
        filter.sort === 'price' ? 'price' : hasRankedFeed(campus) ? 'ranked' : 'recent';
      if (order === 'price' && cursor && cursor.price === undefined) throw invalidCursor();
      const limit = order === 'ranked' && !cursor ? PAGE_SIZES.rankedFirstPage : PAGE_SIZES.feed;
      const category = query.category && query.category !== 'all' ? query.category : undefined;
      const paging = { limit, cursor, order, category };
      const page = await pages.cachedList(
        campus.id,
        // Every filter is in the key: a filtered page is never served for another request (ADR 023).
        `feed:${category ?? ''}:${filterKey(filter)}:${query.cursor ?? ''}`,
        () => posts.feed(db.kysely, { campusId: campus.id, at: now(), ...paging, filter, dialect }),
        // By last activity, a later page never gains a post; one moving up leaves its page stale.
        // By price, a new listing may land on any page.
        { limit, order, list: !cursor || order === 'price' },
      );
      return pages.listForViewer(campus.id, user, page);
    },

    async mediaFeed(
      user: UserRow | null,
      campus: Campus,
      query: { cursor?: string },
    ): Promise<Buffer> {
      campusPolicy.canRead(user, campus);
      const cursor = decodeCursor(query.cursor);
      const limit = PAGE_SIZES.media;
      const page = await pages.cachedList(
        campus.id,
        `media:${query.cursor ?? ''}`,
        () => posts.mediaFeed(db.kysely, { campusId: campus.id, limit, cursor, dialect }),
        // Ordered by photo count first: a new post may land on any page.
        { limit, list: true },
      );
      return pages.listForViewer(campus.id, user, page);
    },

    async saved(user: UserRow | null, campus: Campus, query: { cursor?: string }): Promise<Buffer> {
      campusPolicy.canRead(user, campus);
      const rows = await posts.saved(db.kysely, {
        userId: user.id,
        campusId: campus.id,
        limit: PAGE_SIZES.saved,
        cursor: decodeCursor(query.cursor),
      });
      const [json, hidden] = await Promise.all([
        pages.listJson(rows, PAGE_SIZES.saved),
        pages.hiddenFrom(campus.id, user),
      ]);
      return json.render(new Set(rows.map((r) => r.id)), postPolicy.postViewer(user, hidden));
    },

    postPage,
  };
}
