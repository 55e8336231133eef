import type { Campus } from '@common/campuses';
import { LISTING_MESSAGES } from '@common/listings';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { AuthorDto } from '@common/schemas/posts';
import {
  type ProfileReviewsDto,
  type ReviewBody,
  reviewBodySchema,
  type SaleBody,
  type SaleCandidatesDto,
  type SaleDto,
  SALE_MESSAGES as M,
} from '@common/schemas/sales';
import { v7 as uuidv7 } from 'uuid';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors';
import * as campusPolicy from '../../core/policies/campus';
import * as postPolicy from '../../core/policies/post';
import * as salePolicy from '../../core/policies/sale';
import type { Db } from '../../db/kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Executor, PostRow, UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { BlockReader } from '../blocks/blocks.service';
import type { ChatsService } from '../chats/chats.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PostsService, SaleRecords } from '../posts/posts.service';
import type { ProfilesService } from '../profiles/profiles.service';
import { presentAuthor } from '../users/users.presenter';
import { factsOf, presentReview, presentSale, reviewVisible, titleOf } from './sales.presenter';
import { salesRepository as sales } from './sales.repository';

/** A profile's reviews come this many to a page. */
const REVIEWS_PAGE = 10;

export interface SalesServiceDeps {
  db: Db;
  storage: BlobStore;
  posts: Pick<PostsService, 'find' | 'updateListing'>;
  blocks: Pick<BlockReader, 'between' | 'unreachable'>;
  notifications: Pick<NotificationsService, 'notify'>;
  profiles: Pick<ProfilesService, 'profile'>;
  /** The listing's open offers close when it sells (ADR 061). */
  offers: Pick<ChatsService, 'closeOffersOn'>;
  now?: () => number;
}

/** Sales linked to a buyer, and the reviews after them (ADR 052). */
export interface SalesService {
  /**
   * The "Sold to" choices for the listing's seller: students of the
   * listing's campus who talked with them about it (a chat pinned to it, a
   * message about it, an offer on it), newest first, none across a block.
   */
  candidates(user: UserRow | null, campus: Campus, listingId: string): Promise<SaleCandidatesDto>;
  /**
   * The seller marks the listing sold to one of those students, or to
   * "Someone else" (null). The sale keeps the title (the text's first line)
   * and the price (an offer the seller accepted from the buyer, else the
   * listing's); both sides of a sale to a student are asked for a review.
   * A sale already reviewed keeps its buyer.
   */
  recordSale(
    user: UserRow | null,
    campus: Campus,
    listingId: string,
    body: SaleBody,
  ): Promise<SaleDto>;
  /** The listing's sale as one of its two sides sees it; null for anyone else. */
  listingSale(
    user: UserRow | null,
    campus: Campus,
    listingId: string,
  ): Promise<{ sale: SaleDto | null }>;
  /** One review per side of a sale to a student, within 14 days; never changed after. */
  review(user: UserRow | null, campus: Campus, saleId: string, body: ReviewBody): Promise<SaleDto>;
  /**
   * A review the viewer may report: a reader of its campus who can see it
   * (shown, not removed), not its author; else 404 as if it did not exist.
   */
  reportable(
    user: UserRow | null,
    campus: Campus,
    reviewId: string,
  ): Promise<{ id: string; campusId: string }>;
  /** A moderator removes a review (ADR 025): it shows nowhere again; what to do after commit. */
  removeIn(trx: Executor, reviewId: string, at: number): Promise<() => void>;
  /** A student's visible reviews, newest first, with their stars and counts of items sold and bought. */
  reviewsOf(
    viewer: UserRow | null,
    campus: Campus,
    username: string,
    cursor?: string,
  ): Promise<ProfileReviewsDto>;
}

/** What the posts module asks of sales inside a listing change (no other dependency). */
export function createSaleRecords(offers: Pick<ChatsService, 'closeOffersOn'>): SaleRecords {
  return {
    /** A listing no longer sold loses its sale unless a review was left (ADR 052). */
    unsold: (trx: Executor, listingId: string) => sales.removeUnreviewed(trx, listingId),
    sold: async (listingId, seller) => {
      await offers.closeOffersOn(listingId, seller, null);
    },
  };
}

type Ctx = Required<SalesServiceDeps>;

/** The listing, once the user is its seller. */
async function sellersListing(ctx: Ctx, user: UserRow | null, campus: Campus, id: string) {
  const post = await ctx.posts.find(id);
  postPolicy.canEditListing(user, campus, post);
  if (post!.parent_id) throw badRequest('not_a_listing', LISTING_MESSAGES.notOnComments);
  return { seller: user, post: post! };
}

/** Who talked with the seller about the listing, of its campus, none across a block, newest first. */
async function candidateRows({ db, blocks }: Ctx, seller: UserRow, post: PostRow) {
  const latest = await sales.talkedAbout(db.kysely, post.id, seller.id);
  latest.delete(seller.id);
  const ids = [...latest.keys()];
  const [rows, cut] = await Promise.all([
    sales.studentsOf(db.kysely, ids, post.campus_id),
    ids.length ? blocks.unreachable(db.kysely, seller.id, ids) : new Set<string>(),
  ]);
  return rows
    .filter((r) => !cut.has(r.id))
    .sort((a, b) => latest.get(b.id)! - latest.get(a.id)! || (a.id < b.id ? 1 : -1));
}

/** The sale as the viewer, one of its sides, sees it. */
async function saleFor({ db, storage, blocks, now }: Ctx, viewer: UserRow, saleId: string) {
  const sale = (await sales.byId(db.kysely, saleId))!;
  const reviews = await sales.reviewsOfSale(db.kysely, sale.id);
  const people = await sales.usersByIds(db.kysely, [
    sale.seller_id,
    ...(sale.buyer_id ? [sale.buyer_id] : []),
  ]);
  const author = (id: string | null): AuthorDto | null => {
    const row = people.find((p) => p.id === id);
    return row ? presentAuthor(row, storage) : null;
  };
  const other = sale.buyer_id === viewer.id ? sale.seller_id : sale.buyer_id;
  const blocked = other ? await blocks.between(viewer.id, other) : false;
  return presentSale(sale, reviews, viewer, { author, blocked, now: now(), storage });
}

/** "Leave a review for …" to both sides of a sale to a student, in the sale's transaction. */
async function askForReviews(
  { notifications }: Ctx,
  trx: Executor,
  {
    seller,
    buyerId,
    post,
    title,
  }: { seller: UserRow; buyerId: string; post: PostRow; title: string },
) {
  const [buyer] = await sales.studentsOf(trx, [buyerId], post.campus_id);
  const ask = (toUserId: string, from: { id: string }, first: string) => ({
    type: 'review' as const,
    toUserId,
    from,
    postId: post.id,
    message: NOTIFICATION_TEXT.review(first, title),
  });
  return notifications.notify(trx, [
    ask(buyerId, seller, seller.first_name),
    ask(seller.id, { id: buyerId }, buyer?.first_name ?? ''),
  ]);
}

async function recordSale(
  ctx: Ctx,
  user: UserRow | null,
  campus: Campus,
  listingId: string,
  { buyerId }: SaleBody,
): Promise<SaleDto> {
  const { db, blocks, posts, now } = ctx;
  const { seller, post } = await sellersListing(ctx, user, campus, listingId);
  if (buyerId !== null) {
    if (await blocks.between(seller.id, buyerId)) throw forbidden('blocked', M.blocked);
    if (!(await candidateRows(ctx, seller, post)).some((r) => r.id === buyerId))
      throw badRequest('not_a_candidate', M.notACandidate);
  }
  const before = await sales.byListing(db.kysely, listingId);
  if (before && before.buyer_id !== buyerId && (await sales.reviewCount(db.kysely, before.id)))
    throw conflict('sale_reviewed', M.reviewedSaleKept);
  if (post.status !== 'sold')
    await posts.updateListing(
      seller,
      campus,
      listingId,
      { status: 'sold' },
      { closesOffers: true },
    );
  const offer = buyerId ? await sales.acceptedOffer(db.kysely, listingId, buyerId) : null;
  const change = {
    buyer_id: buyerId,
    price: offer ?? post.price,
    title: titleOf(post.text),
    created_at: now(),
  };
  const saleId = before?.id ?? uuidv7();
  const announce = await db.kysely.transaction().execute(async (trx) => {
    if (before && before.buyer_id === buyerId) return () => undefined;
    if (before) await sales.setBuyer(trx, before.id, change);
    else
      await sales.insert(trx, {
        id: saleId,
        campus_id: post.campus_id,
        listing_id: listingId,
        seller_id: seller.id,
        ...change,
      });
    if (!buyerId) return () => undefined;
    return askForReviews(ctx, trx, { seller, buyerId, post, title: change.title });
  });
  announce();
  // Nobody else can buy it now: the other buyers' open offers end, and they are told.
  await ctx.offers.closeOffersOn(listingId, seller, buyerId);
  return saleFor(ctx, seller, saleId);
}

async function reviewSale(
  ctx: Ctx,
  user: UserRow | null,
  campus: Campus,
  saleId: string,
  body: ReviewBody,
): Promise<SaleDto> {
  const { db, blocks, now } = ctx;
  const sale = await sales.byId(db.kysely, saleId);
  const reviews = sale ? await sales.reviewsOfSale(db.kysely, sale.id) : [];
  const at = now();
  salePolicy.canReview(user, campus, sale && factsOf(sale), {
    reviewed: reviews.some((r) => r.author_id === user?.id),
    now: at,
  });
  const subject = sale!.seller_id === user.id ? sale!.buyer_id! : sale!.seller_id;
  if (await blocks.between(user.id, subject)) throw forbidden('blocked', M.reviewBlocked);
  const { stars, tags, text } = reviewBodySchema.parse(body);
  try {
    await sales.insertReview(db.kysely, {
      id: uuidv7(),
      sale_id: sale!.id,
      campus_id: sale!.campus_id,
      author_id: user.id,
      subject_id: subject,
      stars,
      tags: JSON.stringify(tags),
      text,
      created_at: at,
      removed_at: null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_reviewed', M.alreadyReviewed);
    throw error;
  }
  return saleFor(ctx, user, sale!.id);
}

async function reviewsOf(
  ctx: Ctx,
  viewer: UserRow | null,
  campus: Campus,
  username: string,
  cursor?: string,
): Promise<ProfileReviewsDto> {
  const { db, storage, profiles, now } = ctx;
  const profile = await profiles.profile(viewer, campus, username);
  const at = now();
  const [stats, rows] = await Promise.all([
    sales.statsOf(db.kysely, profile.id, at),
    sales.visibleOf(db.kysely, profile.id, at, REVIEWS_PAGE + 1, cursor),
  ]);
  const page = rows.slice(0, REVIEWS_PAGE);
  return {
    stats: {
      average: stats.count ? Math.round((stats.total / stats.count) * 10) / 10 : null,
      count: stats.count,
      sold: stats.sold,
      bought: stats.bought,
    },
    items: page.map((r) =>
      presentReview(r, presentAuthor(r.author, storage), {
        sellerId: r.seller_id,
        title: r.title,
        visible: true,
        viewerId: viewer!.id,
      }),
    ),
    nextCursor: rows.length > REVIEWS_PAGE ? page[page.length - 1]!.id : null,
  };
}

/** Builds the sales service. */
export function createSalesService(deps: SalesServiceDeps): SalesService {
  const ctx: Ctx = { ...deps, now: deps.now ?? Date.now };
  return {
    async candidates(user, campus, listingId) {
      const { seller, post } = await sellersListing(ctx, user, campus, listingId);
      const rows = await candidateRows(ctx, seller, post);
      return { items: rows.map((r) => presentAuthor(r, ctx.storage)) };
    },

    recordSale: (user, campus, listingId, body) => recordSale(ctx, user, campus, listingId, body),

    async listingSale(user, campus, listingId) {
      const post = await ctx.posts.find(listingId);
      if (!postPolicy.isAuthor(user, post)) postPolicy.canRead(user, campus, post);
      const sale = await sales.byListing(ctx.db.kysely, listingId);
      if (!sale || !salePolicy.isParty(user!.id, factsOf(sale))) return { sale: null };
      return { sale: await saleFor(ctx, user!, sale.id) };
    },

    review: (user, campus, saleId, body) => reviewSale(ctx, user, campus, saleId, body),

    reviewsOf: (viewer, campus, username, cursor) =>
      reviewsOf(ctx, viewer, campus, username, cursor),

    async reportable(user, campus, reviewId) {
      campusPolicy.canRead(user, campus);
      const review = await sales.reviewById(ctx.db.kysely, reviewId);
      const shown =
        review &&
        review.campus_id === campus.id &&
        reviewVisible(
          review,
          await sales.reviewsOfSale(ctx.db.kysely, review.sale_id),
          Number(review.sold_at),
          ctx.now(),
        );
      if (!shown) throw notFound('review_not_found', REPORT_MESSAGES.reviewNotFound);
      if (review.author_id === user.id) throw badRequest('own_content', REPORT_MESSAGES.ownContent);
      return { id: review.id, campusId: review.campus_id };
    },

    async removeIn(trx, reviewId, at) {
      await sales.removeReview(trx, reviewId, at);
      return () => undefined;
    },
  };
}
