import type {
  ProfileReviewsDto,
  ReviewBody,
  SaleCandidatesDto,
  SaleDto,
} from '@common/schemas/sales';
import { api } from './api';

/** Query keys of sales and reviews (ADR 052). */
export const saleKeys = {
  all: ['sales'] as const,
  candidates: (postId: string) => ['sales', 'candidates', postId] as const,
  listing: (postId: string) => ['sales', 'listing', postId] as const,
  reviews: (username: string) => ['sales', 'reviews', username.toLowerCase()] as const,
};

const at = (id: string) => encodeURIComponent(id);

/** "Sold to": who talked with the seller about the listing, newest first. */
export const getSaleCandidates = (postId: string) =>
  api<SaleCandidatesDto>(`/api/posts/${at(postId)}/buyers`);

/** The seller marks the listing sold to a student (or to someone else: null). */
export const recordSale = (postId: string, buyerId: string | null) =>
  api<SaleDto>(`/api/posts/${at(postId)}/sale`, { method: 'PUT', json: { buyerId } });

/** The listing's sale, for its two sides only. */
export const getListingSale = (postId: string) =>
  api<{ sale: SaleDto | null }>(`/api/posts/${at(postId)}/sale`);

/** One review of the other side of a sale. */
export const reviewSale = (saleId: string, body: ReviewBody) =>
  api<SaleDto>(`/api/sales/${at(saleId)}/reviews`, { method: 'POST', json: body });

/** A student's visible reviews and their stars, sold and bought counts. */
export const getProfileReviews = (username: string, cursor?: string) =>
  api<ProfileReviewsDto>(
    `/api/users/${at(username)}/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
