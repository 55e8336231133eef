import type { Campus } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/schemas/posts';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../errors';
import { requireSchoolVerified, requireVerified } from './roles';

/**
 * Who may see and act in a campus (docs/product/README.md, Roles). Every campus is
 * private: its content is for its own verified members. A guest gets 401, an
 * account not yet verified and a student of another campus get 403.
 */

/** Feeds, post pages, liked-by lists and live events of the campus. */
export function canRead(user: UserRow | null, campus: Campus): asserts user is UserRow {
  requireVerified(user);
  if (user.campus_id !== campus.id) throw forbidden('other_campus', MESSAGES.privateCommunity);
}

/**
 * Whether the user may read the campus (canRead as a yes or no). The pages of
 * anyone else are the campus's generic page whatever the path names (ADR 038).
 */
export function isReader(user: UserRow | null, campus: Campus): user is UserRow {
  try {
    canRead(user, campus);
    return true;
  } catch {
    return false;
  }
}

/** Posting, commenting and saving: school-verified members only. */
export function canContribute(user: UserRow | null, campus: Campus): asserts user is UserRow {
  requireSchoolVerified(user);
  if (user.campus_id !== campus.id) throw forbidden('other_campus', POST_MESSAGES.ownCampusOnly);
}
