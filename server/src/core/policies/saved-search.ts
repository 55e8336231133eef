import type { Campus } from '@common/campuses';
import type { UserRow } from '../../db/schema';
import { notFound } from '../errors';
import * as campusPolicy from './campus';

/**
 * Who may keep saved searches (ADR 010): a school-verified member of the
 * campus, as for posting; a search is its owner's alone, and anyone else's
 * is 404, as if it did not exist.
 */

export const SAVED_SEARCH_MISSING = 'This saved search doesn’t exist.';

/** Listing and saving searches on this campus. */
export function canKeep(user: UserRow | null, campus: Campus): asserts user is UserRow {
  campusPolicy.canContribute(user, campus);
}

/** Pausing, changing or deleting one of the viewer's own saved searches. */
export function canChange(
  user: UserRow | null,
  campus: Campus,
  search: { user_id: string; campus_id: string } | undefined | null,
): asserts user is UserRow {
  canKeep(user, campus);
  if (!search || search.user_id !== user.id || search.campus_id !== campus.id)
    throw notFound('saved_search_not_found', SAVED_SEARCH_MISSING);
}
