import { z } from 'zod';
import { PRICE_MAX } from '@common/listings';
import { idField } from '@common/schemas/fields';
import { cursorTime, readCursor, writeCursor } from '../../core/cursor';
import type { Cursor, Order, PostWithAuthor } from './posts.repository';

/** The ranked feed's "hot" score, computed on write so ranking needs only an index. */
export function feedScore(likes: number, comments: number, createdAt: number): number {
  return Math.log10(Math.max(1, likes + 2 * comments + 1)) + createdAt / 1000 / 45000;
}

/** The opaque `?cursor=` of the page after `row` (keyset pagination). */
export function encodeCursor(row: PostWithAuthor, order: Order): string {
  const cursor: Cursor = {
    updatedAt: row.updated_at,
    id: row.id,
    ...(order === 'ranked' ? { score: row.feed_score } : {}),
    ...(order === 'price' && row.price !== null ? { price: row.price } : {}),
  };
  return writeCursor(cursor);
}

/** A cursor from a query string, or a 400 when it was not one of ours. */
export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  return readCursor(text, cursorShape);
}

/** What `encodeCursor` writes; anything else is a foreign cursor (a 400). */
const cursorShape: z.ZodType<Cursor> = z.object({
  updatedAt: cursorTime,
  id: idField,
  // Scores are a few units plus the creation time in seconds / 45000: far below this.
  score: z.number().min(-1e9).max(1e9).optional(),
  price: z.number().int().min(0).max(PRICE_MAX).optional(),
});
