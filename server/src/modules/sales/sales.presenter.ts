import type { AuthorDto } from '@common/schemas/posts';
import {
  REVIEW_TAGS,
  REVIEW_WINDOW_MS,
  type ReviewDto,
  type ReviewTag,
  type SaleDto,
} from '@common/schemas/sales';
import { type SaleFacts, saleCan } from '../../core/policies/sale';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentAuthor } from '../users/users.presenter';
import type { ReviewRecord, SaleRecord } from './sales.repository';

/** A sale's title: the first line of the listing's text, at most 100 characters. */
export function titleOf(text: string): string {
  const first = (text.split('\n').find((line) => line.trim()) ?? '').trim();
  if (!first) return 'A listing';
  return first.length > 100 ? `${first.slice(0, 99)}…` : first;
}

export const factsOf = (sale: SaleRecord): SaleFacts => ({
  campusId: sale.campus_id,
  sellerId: sale.seller_id,
  buyerId: sale.buyer_id,
  createdAt: Number(sale.created_at),
});

/**
 * A review is visible once both sides reviewed or the window closed, and
 * never after a moderator removed it (ADR 052).
 */
export function reviewVisible(
  review: Pick<ReviewRecord, 'author_id' | 'removed_at'>,
  reviews: Pick<ReviewRecord, 'author_id'>[],
  soldAt: number,
  now: number,
): boolean {
  if (review.removed_at !== null) return false;
  return now >= soldAt + REVIEW_WINDOW_MS || reviews.some((r) => r.author_id !== review.author_id);
}

const tagsOf = (json: string): ReviewTag[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed)
      ? parsed.filter((t): t is ReviewTag => (REVIEW_TAGS as readonly unknown[]).includes(t))
      : [];
  } catch {
    return [];
  }
};

/** A review in the API's shape. */
export function presentReview(
  r: ReviewRecord,
  author: AuthorDto,
  context: { sellerId: string; title: string; visible: boolean; viewerId: string },
): ReviewDto {
  return {
    id: r.id,
    stars: r.stars,
    tags: tagsOf(r.tags),
    text: r.text,
    createdAt: Number(r.created_at),
    author,
    authorRole: r.author_id === context.sellerId ? 'seller' : 'buyer',
    title: context.title,
    visible: context.visible,
    can: { report: context.visible && r.author_id !== context.viewerId },
  };
}

/** A sale as one of its sides sees it, with their own review if written. */
export function presentSale(
  sale: SaleRecord,
  reviews: ReviewRecord[],
  viewer: UserRow,
  ctx: {
    author: (id: string | null) => AuthorDto | null;
    blocked: boolean;
    now: number;
    storage: BlobStore;
  },
): SaleDto {
  const facts = factsOf(sale);
  const mine = reviews.find((r) => r.author_id === viewer.id) ?? null;
  return {
    id: sale.id,
    listingId: sale.listing_id,
    title: sale.title,
    price: sale.price,
    seller: ctx.author(sale.seller_id) ?? presentAuthor(viewer, ctx.storage),
    buyer: ctx.author(sale.buyer_id),
    createdAt: facts.createdAt,
    reviewsCloseAt: facts.createdAt + REVIEW_WINDOW_MS,
    myReview: mine
      ? presentReview(mine, presentAuthor(viewer, ctx.storage), {
          sellerId: sale.seller_id,
          title: sale.title,
          visible: reviewVisible(mine, reviews, facts.createdAt, ctx.now),
          viewerId: viewer.id,
        })
      : null,
    can: saleCan(viewer, facts, { reviewed: mine !== null, blocked: ctx.blocked, now: ctx.now }),
  };
}
