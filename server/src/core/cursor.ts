import { z } from 'zod';
import { idField } from '@common/schemas/fields';
import { badRequest } from './errors';

/** A place in a list ordered by (time, id) descending: keyset pagination. */
export interface Keyset {
  at: number;
  id: string;
}

/** Times and offsets in cursors: whole milliseconds that SQL integers and JS numbers agree on. */
export const cursorTime = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** An opaque `?cursor=`: the value as base64url JSON. */
export function writeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * The value of a cursor `writeCursor` made, or a 400 when `text` is not one of
 * ours: its decoded shape is checked, so a crafted cursor never reaches SQL.
 */
export function readCursor<T>(text: string, shape: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = shape.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest('invalid_cursor', 'This list has changed. Please reload.');
}

const keysetPair = z.tuple([cursorTime, idField]);

/** The opaque `?cursor=` of the page after the row at `at`, `id`. */
export function encodeKeyset({ at, id }: Keyset): string {
  return writeCursor([at, id]);
}

/** A keyset cursor from a query string (none for the first page), or a 400. */
export function decodeKeyset(text: string | undefined): Keyset | undefined {
  if (!text) return undefined;
  const [at, id] = readCursor(text, keysetPair);
  return { at, id };
}
