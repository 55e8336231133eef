import { badRequest } from './errors';

/** A place in a list ordered by (time, id) descending: DESIGN §6 keyset pagination. */
export interface Keyset {
  at: number;
  id: string;
}

/** The opaque `?cursor=` of the page after the row at `at`, `id`. */
export function encodeKeyset({ at, id }: Keyset): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** A cursor from a query string, or a 400 when it was not one of ours. */
export function decodeKeyset(text: string | undefined): Keyset | undefined {
  if (!text) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'number' && typeof id === 'string') return { at, id };
  } catch {
    // fall through
  }
  throw badRequest('invalid_cursor', 'This list has changed. Please reload.');
}
