import type { Campus } from '@common/campuses';
import { LISTING_MESSAGES } from '@common/listings';
import { POST_MESSAGES as M } from '@common/schemas/posts';
import type { PostRow, UserRow } from '../../db/schema';
import { forbidden, notFound } from '../errors';
import * as campusPolicy from './campus';
import { requireVerified } from './roles';

/**
 * Who may do what with a post or comment (spec core §4, §6). A post of
 * another campus, or one that is gone, is not visible: 404, never 403.
 */

/** The post, its thread and who saved it. */
export function canRead(
  user: UserRow | null,
  campus: Campus,
  post: Pick<PostRow, 'campus_id'> | undefined | null,
): asserts user is UserRow {
  campusPolicy.canRead(user, campus);
  if (!post || post.campus_id !== campus.id) throw notFound('post_not_found', M.postDeletedMissing);
}

/** A new post, or a comment under `parent` when given. */
export function canCreate(user: UserRow | null, campus: Campus): asserts user is UserRow {
  campusPolicy.canContribute(user, campus);
}

/**
 * Whether the viewer wrote the post. A student's own posts stay theirs after
 * a campus change (ADR 040): they still read, delete and mark them sold from
 * the campus they moved to, though no longer comment or save there.
 */
export function isAuthor(
  user: UserRow | null,
  post: Pick<PostRow, 'author_id'> | undefined | null,
): boolean {
  return user !== null && Boolean(user.verified) && post?.author_id === user.id;
}

/** What only the author may do: the policy of each owner's action below. */
function requireAuthor(
  user: UserRow | null,
  campus: Campus,
  post: Pick<PostRow, 'campus_id' | 'author_id'> | undefined | null,
  refusal: string,
): asserts user is UserRow {
  requireVerified(user);
  if (isAuthor(user, post)) return;
  canRead(user, campus, post);
  throw forbidden('not_owner', refusal);
}

/** Only its author deletes a post (and its thread with it), from any campus. */
export function canDelete(
  user: UserRow | null,
  campus: Campus,
  post: Pick<PostRow, 'campus_id' | 'author_id'> | undefined | null,
): asserts user is UserRow {
  requireAuthor(user, campus, post, M.notYours);
}

/** Only its seller (the author) changes a listing's price, condition or status (ADR 023). */
export function canEditListing(
  user: UserRow | null,
  campus: Campus,
  post: Pick<PostRow, 'campus_id' | 'author_id'> | undefined | null,
): asserts user is UserRow {
  requireAuthor(user, campus, post, LISTING_MESSAGES.onlySeller);
}

/** Saving (liking) a post: a school-verified member of the post's campus. */
export function canLike(
  user: UserRow | null,
  campus: Campus,
  post: Pick<PostRow, 'campus_id'> | undefined | null,
): asserts user is UserRow {
  canRead(user, campus, post);
  campusPolicy.canContribute(user, campus);
}
