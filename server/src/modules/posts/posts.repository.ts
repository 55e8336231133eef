import { type Insertable, type Selectable, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { ListingFilter } from '@common/schemas/posts';
import type { Dialect } from '../../db/kysely';
import type { Executor, MediaColumns, PostRow, PostsTable } from '../../db/schema';

/** A post with the author columns a list needs, from one join. */
export interface PostWithAuthor extends PostRow {
  author_username: string;
  author_first_name: string;
  author_last_name: string;
  author_avatar_key: string | null;
  author_school_verified: boolean | number;
}

export type Cursor = { score?: number; price?: number; updatedAt: number; id: string };

/** How a list is ordered: by last activity, by hot score (OU), or cheapest first (ADR 023). */
export type Order = 'recent' | 'ranked' | 'price';

/** What a thread's hot score is made of (posts.cursor.ts feedScore). */
const SCORE_FACTS = ['id', 'like_count', 'comment_count', 'created_at'] as const;
export type ScoreFacts = Pick<PostRow, (typeof SCORE_FACTS)[number]>;

function withAuthor(db: Executor) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .selectAll('posts')
    .select([
      'users.username as author_username',
      'users.first_name as author_first_name',
      'users.last_name as author_last_name',
      'users.avatar_key as author_avatar_key',
      'users.school_verified as author_school_verified',
    ]);
}

type Query = ReturnType<typeof withAuthor>;

/** A post's file as a page shows it. */
export type PostFile = Pick<
  Selectable<MediaColumns>,
  'id' | 'kind' | 'mime' | 'key' | 'width' | 'height' | 'variants' | 'alt' | 'duration_ms'
> & { post_id: string };

/** A post of a page with its files in order, read in the page's own statement. */
export interface PostWithFiles extends PostWithAuthor {
  media: PostFile[];
}

/**
 * The posts of `query` with their files as a JSON array each (ADR 033): on
 * PostgreSQL a page is one statement instead of two. SQLite answers in
 * process, where a second statement costs no round trip and less than
 * building JSON, so its pages read their files apart.
 */
function withFiles(query: Query) {
  // Only a post that has files looks for them: a thread's many comments mostly have none.
  return query.select((eb) =>
    eb
      .case()
      .when('posts.media_count', '>', 0)
      .then(
        jsonArrayFrom(
          eb
            .selectFrom('post_media as m')
            .select([
              'm.id',
              'm.post_id',
              'm.kind',
              'm.mime',
              'm.key',
              'm.width',
              'm.height',
              'm.variants',
              'm.alt',
              'm.duration_ms',
            ])
            .whereRef('m.post_id', '=', 'posts.id')
            .orderBy('m.position'),
        ),
      )
      .else(sql<PostFile[]>`'[]'::json`)
      .end()
      .as('media'),
  );
}

type FilesQuery = ReturnType<typeof withFiles>;

/** A page's statement: with each post's files on PostgreSQL, without on SQLite. */
function pageQuery(query: Query, dialect: Dialect): Query | FilesQuery {
  return dialect === 'postgres' ? withFiles(query) : query;
}

/** The ids above a post: a recursive walk up the parent links. */
function chainQuery(db: Executor, id: string) {
  return db
    .withRecursive('chain(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('posts')
        .select(['posts.id', 'posts.parent_id', 'posts.depth'])
        .where('posts.id', '=', id)
        .unionAll((q) =>
          q
            .selectFrom('posts')
            .innerJoin('chain', 'chain.parent_id', 'posts.id')
            .select(['posts.id', 'posts.parent_id', 'posts.depth']),
        ),
    )
    .selectFrom('chain')
    .select('chain.id')
    .where('chain.id', '!=', id);
}

/** One page of a campus's feed. */
export interface FeedOptions {
  campusId: string;
  limit: number;
  cursor?: Cursor;
  order: Order;
  category?: string;
  filter?: ListingFilter;
  /** Listings that expired by then are left out (ADR 029). */
  at: number;
  /** On PostgreSQL each post's files come in the page's own statement (withFiles). */
  dialect: Dialect;
}

/**
 * Price filters and sold listings of the feed (ADR 023); sorting by price
 * lists priced posts only. Expired listings are left out (ADR 029): a test on
 * the rows the feed's index walks, which are mostly current.
 */
function listed(query: Query, filter: ListingFilter, at: number): Query {
  let q = query.where((eb) =>
    eb.or([eb('posts.expires_at', 'is', null), eb('posts.expires_at', '>', at)]),
  );
  if (!filter.includeSold) q = q.where('posts.status', '!=', 'sold');
  if (filter.free) q = q.where('posts.price', '=', 0);
  if (filter.minPrice !== undefined) q = q.where('posts.price', '>=', filter.minPrice);
  if (filter.maxPrice !== undefined) q = q.where('posts.price', '<=', filter.maxPrice);
  if (filter.sort === 'price') q = q.where('posts.price', 'is not', null);
  return q;
}

/**
 * Keyset pagination on price ascending, then id descending: the cheapest
 * first and, among equal prices, the newest (ADR 031: `posts_price`'s order).
 */
function afterPrice(query: Query, cursor: Cursor | undefined): Query {
  if (cursor?.price === undefined) return query;
  const price = cursor.price;
  return query.where((eb) =>
    eb.or([
      eb('posts.price', '>', price),
      eb.and([eb('posts.price', '=', price), eb('posts.id', '<', cursor.id)]),
    ]),
  );
}

/**
 * Keyset pagination on (updated_at, id) descending, or (feed_score, updated_at, id)
 * for the ranked feed, as one row-value comparison: both databases read it as a
 * range of the feed's index, so a deep page starts at its cursor instead of
 * filtering every newer row (docs/benchmarks.md, "Keyset pages as index ranges").
 */
function after(query: Query, cursor: Cursor | undefined, ranked: boolean): Query {
  if (!cursor) return query;
  return query.where((eb) =>
    ranked && cursor.score !== undefined
      ? eb(
          eb.refTuple('posts.feed_score', 'posts.updated_at', 'posts.id'),
          '<',
          eb.tuple(cursor.score, cursor.updatedAt, cursor.id),
        )
      : eb(eb.refTuple('posts.updated_at', 'posts.id'), '<', eb.tuple(cursor.updatedAt, cursor.id)),
  );
}

/** Posts where `column` is `value` and every reply below them. */
async function subtreesFrom(
  db: Executor,
  column: 'id' | 'author_id',
  value: string,
): Promise<string[]> {
  const rows = await db
    .withRecursive('thread(id)', (qb) =>
      qb
        .selectFrom('posts')
        .select('posts.id')
        .where(`posts.${column}`, '=', value)
        .union((q) =>
          q
            .selectFrom('posts')
            .innerJoin('thread', 'thread.id', 'posts.parent_id')
            .select('posts.id'),
        ),
    )
    .selectFrom('thread')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The only SQL over posts (likes: modules/likes). Every page is a fixed number of queries. */
export const postsRepository = {
  async insert(
    db: Executor,
    row: Omit<Insertable<PostsTable>, 'like_count' | 'comment_count'>,
  ): Promise<void> {
    await db.insertInto('posts').values(row).execute();
  },

  find(db: Executor, id: string): Promise<PostRow | undefined> {
    return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The post with its author; given the dialect, with its files as a page reads them (pageQuery). */
  findWithAuthor(
    db: Executor,
    id: string,
    dialect?: Dialect,
  ): Promise<PostWithAuthor | PostWithFiles | undefined> {
    const query = withAuthor(db).where('posts.id', '=', id);
    return (dialect ? pageQuery(query, dialect) : query).executeTakeFirst();
  },

  /** Posts of a campus by id, in no particular order (missing ones left out). */
  manyWithAuthor(db: Executor, campusId: string, ids: string[]): Promise<PostWithAuthor[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return withAuthor(db)
      .where('posts.id', 'in', ids)
      .where('posts.campus_id', '=', campusId)
      .execute();
  },

  /** Top-level posts of a campus, newest activity first (or ranked, or cheapest first), one page. */
  feed(db: Executor, opts: FeedOptions): Promise<PostWithAuthor[] | PostWithFiles[]> {
    return postsRepository.feedQuery(db, opts).execute();
  },

  /** The feed's statement, unrun (its plan is tested: it walks `posts_feed`, ADR 029). */
  feedQuery(db: Executor, opts: FeedOptions): Query | FilesQuery {
    return pageQuery(postsRepository.feedRows(db, opts), opts.dialect);
  },

  /** The feed's rows without their files. */
  feedRows(db: Executor, opts: FeedOptions): Query {
    let query = withAuthor(db)
      .where('posts.campus_id', '=', opts.campusId)
      .where('posts.parent_id', 'is', null);
    if (opts.category) query = query.where('posts.category', '=', opts.category);
    query = listed(query, opts.filter ?? {}, opts.at);
    if (opts.order === 'price')
      return afterPrice(query, opts.cursor)
        .orderBy('posts.price', 'asc')
        .orderBy('posts.id', 'desc')
        .limit(opts.limit);
    const ranked = opts.order === 'ranked';
    query = after(query, opts.cursor, ranked);
    if (ranked) query = query.orderBy('posts.feed_score', 'desc');
    return query.orderBy('posts.updated_at', 'desc').orderBy('posts.id', 'desc').limit(opts.limit);
  },

  /** Top-level posts with photos or videos: the media feed. */
  mediaFeed(
    db: Executor,
    opts: { campusId: string; limit: number; cursor?: Cursor; dialect: Dialect },
  ): Promise<PostWithAuthor[] | PostWithFiles[]> {
    const query = withAuthor(db)
      .where('posts.campus_id', '=', opts.campusId)
      .where('posts.parent_id', 'is', null)
      .where('posts.media_count', '>', 0);
    const page = after(query, opts.cursor, false)
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(opts.limit);
    return pageQuery(page, opts.dialect).execute();
  },

  /**
   * A profile's posts, photos or replies on a campus (every campus: null), by
   * last activity, newest first.
   */
  byAuthor(
    db: Executor,
    opts: {
      authorId: string;
      campusId: string | null;
      kind: 'posts' | 'photos' | 'replies';
      limit: number;
      cursor?: Cursor;
    },
  ): Promise<PostWithAuthor[]> {
    let query = withAuthor(db).where('posts.author_id', '=', opts.authorId);
    if (opts.campusId !== null) query = query.where('posts.campus_id', '=', opts.campusId);
    if (opts.kind === 'posts') query = query.where('posts.parent_id', 'is', null);
    if (opts.kind === 'replies') query = query.where('posts.parent_id', 'is not', null);
    if (opts.kind === 'photos') query = query.where('posts.media_count', '>', 0);
    return after(query, opts.cursor, false)
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(opts.limit)
      .execute();
  },

  /** Posts the user saved (liked) on a campus, by last activity. */
  saved(
    db: Executor,
    opts: { userId: string; campusId: string; limit: number; cursor?: Cursor },
  ): Promise<PostWithAuthor[]> {
    const query = withAuthor(db)
      .innerJoin('likes', 'likes.post_id', 'posts.id')
      .where('likes.user_id', '=', opts.userId)
      .where('posts.campus_id', '=', opts.campusId);
    return after(query, opts.cursor, false)
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(opts.limit)
      .execute();
  },

  /** The ids of a post's ancestors, in no particular order (one recursive statement). */
  async ancestorIds(db: Executor, id: string): Promise<string[]> {
    const chain = await chainQuery(db, id).execute();
    return chain.map((c) => c.id);
  },

  /**
   * Ancestors of a post, from the top-level post down to its parent: one
   * statement (the chain walked by a recursive CTE), with their files on
   * PostgreSQL as a page reads them. A top-level post has none: no statement.
   */
  ancestors(
    db: Executor,
    post: Pick<PostRow, 'id' | 'parent_id'>,
    dialect: Dialect,
  ): Promise<PostWithAuthor[] | PostWithFiles[]> {
    if (post.parent_id === null) return Promise.resolve([]);
    const query = withAuthor(db)
      .where('posts.id', 'in', chainQuery(db, post.id))
      .orderBy('posts.depth', 'asc');
    return pageQuery(query, dialect).execute();
  },

  /**
   * Every reply below a post, at any depth, oldest first: one statement. Below
   * a comment, the recursive CTE walks the parent index to its subtree; the rows are
   * read through the thread's `root_id` index (posts_root), so neither
   * database is tempted to scan `posts` or `users` to join the CTE.
   */
  descendants(
    db: Executor,
    id: string,
    rootId: string,
    dialect: Dialect,
  ): Promise<PostWithAuthor[] | PostWithFiles[]> {
    const thread = withAuthor(db).where('posts.root_id', '=', rootId);
    // Below a top-level post lies its whole thread: the root index alone, no walk.
    const below =
      id === rootId
        ? thread
        : thread.where(
            'posts.id',
            'in',
            db
              .withRecursive('thread(id)', (cte) =>
                cte
                  .selectFrom('posts')
                  .select('posts.id')
                  .where('posts.parent_id', '=', id)
                  .unionAll((q) =>
                    q
                      .selectFrom('posts')
                      .innerJoin('thread', 'thread.id', 'posts.parent_id')
                      .select('posts.id'),
                  ),
              )
              .selectFrom('thread')
              .select('thread.id'),
          );
    return pageQuery(
      below.orderBy('posts.created_at', 'asc').orderBy('posts.id', 'asc'),
      dialect,
    ).execute();
  },

  /**
   * Every reply in the threads of these top-level posts, oldest first: one
   * statement through the thread index (posts_root), whatever their number.
   */
  repliesInThreads(db: Executor, rootIds: string[]): Promise<PostWithAuthor[]> {
    if (rootIds.length === 0) return Promise.resolve([]);
    return withAuthor(db)
      .where('posts.root_id', 'in', rootIds)
      .orderBy('posts.created_at', 'asc')
      .orderBy('posts.id', 'asc')
      .execute();
  },

  /** A post and every reply below it (one recursive query). */
  subtreeIds: (db: Executor, id: string) => subtreesFrom(db, 'id', id),

  /** Every post an author wrote and every reply below them (one recursive query). */
  subtreesOfAuthor: (db: Executor, authorId: string) => subtreesFrom(db, 'author_id', authorId),

  /** The threads (by root) an author commented in, outside their own posts. */
  async threadsCommentedBy(db: Executor, authorId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('posts as c')
      .innerJoin('posts as r', 'r.id', 'c.root_id')
      .select('r.id')
      .distinct()
      .where('c.author_id', '=', authorId)
      .where('r.author_id', '!=', authorId)
      .execute();
    return rows.map((r) => r.id);
  },

  /** Posts outside an author's own that they saved. */
  async savedByOthersPosts(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('likes')
      .innerJoin('posts', 'posts.id', 'likes.post_id')
      .select('posts.id')
      .where('likes.user_id', '=', userId)
      .where('posts.author_id', '!=', userId)
      .execute();
    return rows.map((r) => r.id);
  },

  /** Media keys of the uploads a user made that no post took. */
  unattachedMediaOf(db: Executor, ownerId: string) {
    return db
      .selectFrom('post_media')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('post_id', 'is', null)
      .execute();
  },

  /**
   * Counts each post's comments again from what is left of its thread (after
   * a student's replies went with their account). Two statements per thread
   * plus one per post whose count moved.
   */
  async recountThread(db: Executor, rootId: string): Promise<void> {
    const rows = await db
      .selectFrom('posts')
      .select(['id', 'parent_id', 'comment_count'])
      .where((eb) => eb.or([eb('root_id', '=', rootId), eb('id', '=', rootId)]))
      .execute();
    const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
    const counts = new Map(rows.map((r) => [r.id, 0]));
    for (const row of rows) {
      for (let up = row.parent_id; up && counts.has(up); up = parentOf.get(up) ?? null) {
        counts.set(up, counts.get(up)! + 1);
      }
    }
    for (const row of rows) {
      if (counts.get(row.id) !== row.comment_count) {
        await db
          .updateTable('posts')
          .set({ comment_count: counts.get(row.id)! })
          .where('id', '=', row.id)
          .execute();
      }
    }
  },

  /** Each post's saves counted again from the likes table. */
  async recountLikes(db: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('posts')
      .set((eb) => ({
        like_count: eb
          .selectFrom('likes')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('likes.post_id', '=', 'posts.id'),
      }))
      .where('id', 'in', ids)
      .execute();
  },

  /**
   * A reply touches every ancestor: last activity and comment counts. Returns
   * what a thread's score is made of, as it now is.
   */
  async touchAncestors(
    db: Executor,
    ids: string[],
    at: number,
    commentDelta: number,
  ): Promise<ScoreFacts[]> {
    if (ids.length === 0) return [];
    return db
      .updateTable('posts')
      .set((eb) => ({
        comment_count: eb('comment_count', '+', commentDelta),
        ...(commentDelta > 0 ? { updated_at: at } : {}),
      }))
      .where('id', 'in', ids)
      .returning(SCORE_FACTS)
      .execute();
  },

  /** Moves a post's save count by `delta`; the post as it now is. */
  addLikes(db: Executor, id: string, delta: number): Promise<PostRow | undefined> {
    return db
      .updateTable('posts')
      .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /** What filtering search results by price needs of these posts (ADR 023). */
  listingFacts(db: Executor, campusId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('posts')
      .select(['id', 'price', 'status', 'expires_at'])
      .where('id', 'in', ids)
      .where('campus_id', '=', campusId)
      .execute();
  },

  /**
   * A listing page's seller card (ADR 048), in one statement: when the
   * account was made and how many of their listings on the campus sold
   * (over `posts_author`); undefined unless they are a student of the campus.
   */
  async sellerSummary(
    db: Executor,
    userId: string,
    campusId: string,
  ): Promise<{ memberSince: number; soldCount: number } | undefined> {
    const row = await db
      .selectFrom('users')
      .select((eb) => [
        'users.created_at',
        eb
          .selectFrom('posts')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('posts.author_id', '=', 'users.id')
          .where('posts.campus_id', '=', campusId)
          .where('posts.parent_id', 'is', null)
          .where('posts.status', '=', 'sold')
          .as('sold'),
      ])
      .where('users.id', '=', userId)
      .where('users.campus_id', '=', campusId)
      .executeTakeFirst();
    return row && { memberSince: Number(row.created_at), soldCount: Number(row.sold ?? 0) };
  },

  /** The seller's change to a listing (ADR 023); it also sets when it expires (ADR 029). */
  async updateListing(
    db: Executor,
    id: string,
    change: {
      price?: number | null;
      obo?: boolean;
      condition?: string | null;
      status?: string;
      expires_at: number | null;
      ask_sold_at?: number | null;
    },
  ): Promise<void> {
    await db.updateTable('posts').set(change).where('id', '=', id).execute();
  },

  /**
   * A bump or renewal (ADR 029): to the top of the feed and current again, if
   * the last one was before `notSince`; false when one came since (two at once).
   */
  async bump(
    db: Executor,
    id: string,
    change: { at: number; expiresAt: number; feedScore: number; notSince: number },
  ): Promise<boolean> {
    const result = await db
      .updateTable('posts')
      .set({
        updated_at: change.at,
        bumped_at: change.at,
        expires_at: change.expiresAt,
        feed_score: change.feedScore,
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('bumped_at', 'is', null), eb('bumped_at', '<=', change.notSince)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Ids of the listings whose "Did it sell?" is due at `at`, oldest first (the partial index `posts_ask_sold`). */
  async askSoldDue(db: Executor, at: number, limit: number): Promise<string[]> {
    const rows = await postsRepository.askSoldDueQuery(db, at, limit).execute();
    return rows.map((r) => r.id);
  },

  /** The statement of `askSoldDue`, for reading its plan. */
  askSoldDueQuery(db: Executor, at: number, limit: number) {
    return db
      .selectFrom('posts')
      .select('id')
      .where('ask_sold_at', 'is not', null)
      .where('ask_sold_at', '<=', at)
      .orderBy('ask_sold_at')
      .limit(limit);
  },

  /**
   * Takes the question for this server, with the listing as it is now: the
   * post for exactly one caller whatever the servers, undefined for the others.
   */
  claimAskSold(db: Executor, id: string) {
    return db
      .updateTable('posts')
      .set({ ask_sold_at: null })
      .where('id', '=', id)
      .where('ask_sold_at', 'is not', null)
      .returning(['id', 'author_id', 'text', 'status', 'price', 'parent_id'])
      .executeTakeFirst();
  },

  async setFeedScore(db: Executor, id: string, score: number): Promise<void> {
    await db.updateTable('posts').set({ feed_score: score }).where('id', '=', id).execute();
  },

  async deleteById(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('posts').where('id', '=', id).execute();
  },

  async addToTotalPosts(db: Executor, userId: string, delta: number): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ total_posts: eb('total_posts', '+', delta) }))
      .where('id', '=', userId)
      .execute();
  },

  /** Attaches uploaded files to a new post, in order; returns how many were the owner's and free. */
  async attachMedia(
    db: Executor,
    postId: string,
    ownerId: string,
    mediaIds: string[],
  ): Promise<number> {
    let attached = 0;
    for (const [position, id] of mediaIds.entries()) {
      const result = await db
        .updateTable('post_media')
        .set({ post_id: postId, position })
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('post_id', 'is', null)
        .executeTakeFirst();
      attached += Number(result.numUpdatedRows);
    }
    return attached;
  },

  /** Sets the descriptions of a post's photos; ids that are not the post's change nothing. */
  async setMediaAlt(
    db: Executor,
    postId: string,
    alts: readonly { id: string; alt: string }[],
  ): Promise<void> {
    for (const { id, alt } of alts)
      await db
        .updateTable('post_media')
        .set({ alt })
        .where('id', '=', id)
        .where('post_id', '=', postId)
        .execute();
  },

  mediaFor(db: Executor, postIds: string[]) {
    if (postIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('post_media')
      .selectAll()
      .where('post_id', 'in', postIds)
      .orderBy('post_id')
      .orderBy('position')
      .execute();
  },
};
