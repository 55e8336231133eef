import { REVIEW_WINDOW_MS } from '@common/schemas/sales';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import type { AuthorColumns } from '../users/users.presenter';

export interface SaleRecord {
  id: string;
  campus_id: string;
  listing_id: string | null;
  title: string;
  price: number | null;
  seller_id: string;
  buyer_id: string | null;
  created_at: number;
}

export interface ReviewRecord {
  id: string;
  sale_id: string;
  author_id: string;
  subject_id: string;
  stars: number;
  tags: string;
  text: string;
  created_at: number;
  removed_at: number | null;
}

/** A review with its author's name and the sale's item, for a profile's list. */
export interface ReviewListRow extends ReviewRecord {
  title: string;
  seller_id: string;
  author: AuthorColumns;
}

const AUTHOR = [
  'u.id as a_id',
  'u.username as a_username',
  'u.first_name as a_first_name',
  'u.last_name as a_last_name',
  'u.avatar_key as a_avatar_key',
  'u.school_verified as a_school_verified',
] as const;

/**
 * A review shows once the other side reviewed too, or the window closed
 * (ADR 052), and never once a moderator removed it.
 */
function visible(
  eb: ExpressionBuilder<Database & { r: Database['reviews']; s: Database['sales'] }, 'r' | 's'>,
  now: number,
) {
  return eb.and([
    eb('r.removed_at', 'is', null),
    eb.or([
      eb('s.created_at', '<=', now - REVIEW_WINDOW_MS),
      eb.exists(
        eb
          .selectFrom('reviews as other')
          .select('other.id')
          .whereRef('other.sale_id', '=', 'r.sale_id')
          .whereRef('other.author_id', '<>', 'r.author_id'),
      ),
    ]),
  ]);
}

/** The only SQL over sales and reviews; it reads chats, messages and offers for the "Sold to" choices. */
export const salesRepository = {
  /**
   * The students who talked with the seller about the listing: the other
   * side of a chat pinned to it, of a chat with a message about it or that
   * shared it, or who made an offer on it; each with the time of their
   * latest such act.
   */
  async talkedAbout(db: Executor, listingId: string, sellerId: string) {
    const other = sql<string>`case when c.user_low = ${sellerId} then c.user_high else c.user_low end`;
    const mine = (eb: ExpressionBuilder<{ c: Database['chats'] }, 'c'>) =>
      eb.or([eb('c.user_low', '=', sellerId), eb('c.user_high', '=', sellerId)]);
    const [pinned, about, offers] = await Promise.all([
      db
        .selectFrom('chats as c')
        .select([other.as('user_id'), 'c.updated_at as at'])
        .where('c.listing_id', '=', listingId)
        .where(mine)
        .execute(),
      db
        .selectFrom('messages as m')
        .innerJoin('chats as c', 'c.id', 'm.chat_id')
        .select([other.as('user_id'), 'm.created_at as at'])
        .where((eb) =>
          eb.or([eb('m.about_post_id', '=', listingId), eb('m.shared_post_id', '=', listingId)]),
        )
        .where(mine)
        .execute(),
      db
        .selectFrom('offers as o')
        .select(['o.buyer_id as user_id', 'o.created_at as at'])
        .where('o.listing_id', '=', listingId)
        .where('o.seller_id', '=', sellerId)
        .execute(),
    ]);
    const latest = new Map<string, number>();
    for (const r of [...pinned, ...about, ...offers])
      latest.set(r.user_id, Math.max(latest.get(r.user_id) ?? 0, Number(r.at)));
    return latest;
  },

  /** Students by id, of one campus. */
  studentsOf(db: Executor, ids: string[], campusId: string) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'avatar_key', 'school_verified'])
      .where('id', 'in', ids)
      .where('campus_id', '=', campusId)
      .execute();
  },

  /** Students by id, of any campus (the two sides of a sale, one of whom may have moved). */
  usersByIds(db: Executor, ids: string[]) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'avatar_key', 'school_verified'])
      .where('id', 'in', ids)
      .execute();
  },

  /** The amount of an offer on the listing that the seller accepted from this buyer, if any. */
  async acceptedOffer(db: Executor, listingId: string, buyerId: string) {
    const row = await db
      .selectFrom('offers')
      .select('amount')
      .where('listing_id', '=', listingId)
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'accepted')
      .orderBy('answered_at', 'desc')
      .executeTakeFirst();
    return row?.amount ?? null;
  },

  byListing(db: Executor, listingId: string): Promise<SaleRecord | undefined> {
    return db
      .selectFrom('sales')
      .selectAll()
      .where('listing_id', '=', listingId)
      .executeTakeFirst();
  },

  byId(db: Executor, id: string): Promise<SaleRecord | undefined> {
    return db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insert(db: Executor, sale: SaleRecord): Promise<void> {
    await db.insertInto('sales').values(sale).execute();
  },

  async setBuyer(
    db: Executor,
    id: string,
    change: Pick<SaleRecord, 'buyer_id' | 'price' | 'title' | 'created_at'>,
  ) {
    await db.updateTable('sales').set(change).where('id', '=', id).execute();
  },

  async reviewCount(db: Executor, saleId: string): Promise<number> {
    const row = await db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sale_id', '=', saleId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** A listing no longer sold loses its sale unless someone reviewed it (ADR 052). */
  async removeUnreviewed(db: Executor, listingId: string): Promise<void> {
    await db
      .deleteFrom('sales')
      .where('listing_id', '=', listingId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('reviews')
              .select('reviews.id')
              .whereRef('reviews.sale_id', '=', 'sales.id'),
          ),
        ),
      )
      .execute();
  },

  reviewsOfSale(db: Executor, saleId: string): Promise<ReviewRecord[]> {
    return db.selectFrom('reviews').selectAll().where('sale_id', '=', saleId).execute();
  },

  /** A review with the time of its sale. */
  reviewById(db: Executor, id: string) {
    return db
      .selectFrom('reviews as r')
      .innerJoin('sales as s', 's.id', 'r.sale_id')
      .selectAll('r')
      .select(['s.created_at as sold_at'])
      .where('r.id', '=', id)
      .executeTakeFirst();
  },

  async insertReview(db: Executor, review: ReviewRecord & { campus_id: string }): Promise<void> {
    await db.insertInto('reviews').values(review).execute();
  },

  async removeReview(db: Executor, id: string, at: number): Promise<void> {
    await db.updateTable('reviews').set({ removed_at: at }).where('id', '=', id).execute();
  },

  /** Visible reviews of a student, newest first, from `before` (a review id) on. */
  async visibleOf(db: Executor, subjectId: string, now: number, limit: number, before?: string) {
    const rows = await db
      .selectFrom('reviews as r')
      .innerJoin('sales as s', 's.id', 'r.sale_id')
      .innerJoin('users as u', 'u.id', 'r.author_id')
      .selectAll('r')
      .select(['s.title', 's.seller_id', ...AUTHOR])
      .where('r.subject_id', '=', subjectId)
      .where((eb) => visible(eb, now))
      .$if(before !== undefined, (q) => q.where('r.id', '<', before!))
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r): ReviewListRow => ({
      id: r.id,
      sale_id: r.sale_id,
      author_id: r.author_id,
      subject_id: r.subject_id,
      stars: r.stars,
      tags: r.tags,
      text: r.text,
      created_at: Number(r.created_at),
      removed_at: r.removed_at === null ? null : Number(r.removed_at),
      title: r.title,
      seller_id: r.seller_id,
      author: {
        id: r.a_id,
        username: r.a_username,
        first_name: r.a_first_name,
        last_name: r.a_last_name,
        avatar_key: r.a_avatar_key,
        school_verified: r.a_school_verified,
      },
    }));
  },

  /** A student's visible stars (count and mean), and how many items they sold and bought: one query. */
  async statsOf(db: Executor, subjectId: string, now: number) {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('reviews as r')
          .innerJoin('sales as s', 's.id', 'r.sale_id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('r.subject_id', '=', subjectId)
          .where((e) => visible(e, now))
          .as('count'),
        eb
          .selectFrom('reviews as r')
          .innerJoin('sales as s', 's.id', 'r.sale_id')
          .select((e) => e.fn.sum<number>('r.stars').as('t'))
          .where('r.subject_id', '=', subjectId)
          .where((e) => visible(e, now))
          .as('total'),
        eb
          .selectFrom('sales')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('seller_id', '=', subjectId)
          .as('sold'),
        eb
          .selectFrom('sales')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('buyer_id', '=', subjectId)
          .as('bought'),
      ])
      .executeTakeFirstOrThrow();
    return {
      count: Number(row.count ?? 0),
      total: Number(row.total ?? 0),
      sold: Number(row.sold ?? 0),
      bought: Number(row.bought ?? 0),
    };
  },
};
