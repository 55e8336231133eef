import type { Campus } from '@common/campuses';
import { LISTING_MESSAGES } from '@common/listings';
import { POST_ACTIONS, POST_MESSAGES as M, type PostCan } from '@common/schemas/posts';
import type { PostRow, UserRow } from '../../db/schema';
import { forbidden, notFound } from '../errors';
import * as campusPolicy from './campus';
import { requireVerified } from './roles';

/**
 * Who may do what with a post or comment. A post of another campus, or one
 * that is gone, is not visible: 404, never 403.
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

/**
 * The viewer as the pure checks below see them: who they are, whether their
 * e-mail and school e-mail are verified, their campus, and the students
 * across a block from them either way (ADR 024).
 */
export interface PostViewer {
  id: string;
  verified: boolean;
  schoolVerified: boolean;
  campusId: string;
  hidden: ReadonlySet<string>;
}

export const postViewer = (user: UserRow, hidden: ReadonlySet<string> = new Set()): PostViewer => ({
  id: user.id,
  verified: Boolean(user.verified),
  schoolVerified: Boolean(user.verified) && Boolean(user.school_verified),
  campusId: user.campus_id,
  hidden,
});

/** What of a post decides what a viewer may do with it. */
export interface PostFacts {
  authorId: string;
  campusId: string;
  parentId: string | null;
  price: number | null;
  status: string;
}

const NOTHING: PostCan = {
  edit: false,
  delete: false,
  markSold: false,
  renew: false,
  save: false,
  comment: false,
  message: false,
  report: false,
};

/**
 * What the viewer may do with a post (ADR 044), as the checks above and the
 * services decide it, so that what a post says and what its routes answer
 * agree (the authorization matrix asserts it):
 * - its author edits, deletes and, on a top-level post, marks it sold and
 *   renews an unsold listing, from any campus (ADR 040);
 * - a school-verified student of its campus saves it, and comments on it
 *   unless a block stands between them and its author;
 * - a school-verified student of its campus other than the author messages
 *   the author, unless a block stands between them;
 * - a verified reader of its campus other than the author reports it.
 */
export function postCan(viewer: PostViewer | null, post: PostFacts): PostCan {
  if (!viewer?.verified) return NOTHING;
  const author = viewer.id === post.authorId;
  const topLevel = post.parentId === null;
  const reader = viewer.campusId === post.campusId;
  const member = reader && viewer.schoolVerified;
  const across = viewer.hidden.has(post.authorId);
  return {
    edit: author && topLevel,
    delete: author,
    markSold: author && topLevel && post.status !== 'sold',
    renew: author && topLevel && post.price !== null && post.status !== 'sold',
    save: member,
    comment: member && !across,
    message: member && !author && !across,
    report: reader && !author,
  };
}

/**
 * What of a viewer `postCan` reads besides whether they wrote the post and
 * whether a block stands between them and its author. Viewers of one class
 * may do the same with every post that is not personal to them
 * (`personalTo`), so a written page filled for one of them serves them all.
 */
export function postViewerClass(viewer: PostViewer | null): string {
  return viewer ? `${viewer.verified}|${viewer.schoolVerified}|${viewer.campusId}` : 'nobody';
}

/** A viewer of the same class to whom no post is personal: what the class may do with others' posts. */
export function classViewer(viewer: PostViewer | null): PostViewer | null {
  return viewer && { ...viewer, id: '', hidden: new Set() };
}

/** Whether a post's `can` for the viewer depends on more than their class: they wrote it, or a block stands between them. */
export function personalTo(viewer: PostViewer | null, authorId: string): boolean {
  return viewer !== null && (viewer.id === authorId || viewer.hidden.has(authorId));
}

/** The JSON of every combination of `can`, written once: filling a page's holes is a lookup. */
const CAN_JSON = new Map<number, string>();

/** `postCan` as the JSON object a written page's hole takes (posts.writer.ts). */
export function postCanJson(viewer: PostViewer | null, post: PostFacts): string {
  const can = postCan(viewer, post);
  let bits = 0;
  POST_ACTIONS.forEach((action, i) => {
    if (can[action]) bits |= 1 << i;
  });
  let json = CAN_JSON.get(bits);
  if (json === undefined) {
    json = JSON.stringify(Object.fromEntries(POST_ACTIONS.map((a) => [a, can[a]])));
    CAN_JSON.set(bits, json);
  }
  return json;
}
