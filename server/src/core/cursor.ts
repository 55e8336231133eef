import { badRequest } from './errors';

/** A place in a list ordered by (time, id) descending: DESIGN §6 keyset pagination. */
export interface Keyset {
  at: number;
  id: string;
}

/** An opaque `?cursor=`: the value as base64url JSON. */
export function writeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The value of a cursor `writeCursor` made, or a 400 when `text` is not one of ours. */
export function readCursor<T>(text: string, valid: (value: unknown) => value is T): T {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (valid(value)) return value;
  } catch {
    // fall through
  }
  throw badRequest('invalid_cursor', 'This list has changed. Please reload.');
}

const isKeysetPair = (value: unknown): value is [number, string] =>
  Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string';

/** The opaque `?cursor=` of the page after the row at `at`, `id`. */
export function encodeKeyset({ at, id }: Keyset): string {
  return writeCursor([at, id]);
}

/** A keyset cursor from a query string (none for the first page), or a 400. */
export function decodeKeyset(text: string | undefined): Keyset | undefined {
  if (!text) return undefined;
  const [at, id] = readCursor(text, isKeysetPair);
  return { at, id };
}
