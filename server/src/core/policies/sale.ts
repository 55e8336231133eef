import type { Campus } from '@common/campuses';
import { REVIEW_WINDOW_MS, SALE_MESSAGES as M } from '@common/schemas/sales';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import * as campusPolicy from './campus';
import { requireSchoolVerified } from './roles';

/**
 * Who may review a sale (ADR 052, docs/security.md "Sales and reviews"). A
 * sale is seen only by its two sides: to anyone else, and from another
 * campus's site, it does not exist (404). Recording a sale is the listing's
 * seller's (postPolicy.canEditListing).
 */

export interface SaleFacts {
  campusId: string;
  sellerId: string;
  buyerId: string | null;
  createdAt: number;
}

/** Whether the user is one of the sale's two sides. */
export const isParty = (userId: string, sale: SaleFacts) =>
  userId === sale.sellerId || userId === sale.buyerId;

/** Reading a sale: one of its sides, a reader of its campus. */
export function canRead(
  user: UserRow | null,
  campus: Campus,
  sale: SaleFacts | undefined | null,
): asserts user is UserRow {
  campusPolicy.canRead(user, campus);
  if (!sale || sale.campusId !== campus.id || !isParty(user.id, sale))
    throw notFound('sale_not_found', M.notAParty);
}

/**
 * Reviewing a sale: a school-verified side of a sale to a student, once,
 * within 14 days of the sale. Blocks are the service's to check (they need
 * the database).
 */
export function canReview(
  user: UserRow | null,
  campus: Campus,
  sale: SaleFacts | undefined | null,
  state: { reviewed: boolean; now: number },
): asserts user is UserRow {
  canRead(user, campus, sale);
  requireSchoolVerified(user);
  if (sale!.buyerId === null) throw forbidden('no_buyer', M.noBuyer);
  if (state.reviewed) throw conflict('already_reviewed', M.alreadyReviewed);
  if (state.now >= sale!.createdAt + REVIEW_WINDOW_MS)
    throw forbidden('review_closed', M.windowClosed);
}

/** What the viewer may do with a sale they are a side of (ADR 044). */
export function saleCan(
  viewer: Pick<UserRow, 'id' | 'school_verified'>,
  sale: SaleFacts,
  state: { reviewed: boolean; blocked: boolean; now: number },
): { review: boolean } {
  return {
    review:
      Boolean(viewer.school_verified) &&
      isParty(viewer.id, sale) &&
      sale.buyerId !== null &&
      !state.reviewed &&
      !state.blocked &&
      state.now < sale.createdAt + REVIEW_WINDOW_MS,
  };
}
