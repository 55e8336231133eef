import { CONDITIONS, type Condition, LISTING_STATUSES, type ListingStatus } from '@common/listings';
import { spotRef } from '@common/schemas/meetups';
import type { AuthorDto, CommentNode, MediaDto, PostDto } from '@common/schemas/posts';
import { postCan, type PostViewer } from '../../core/policies/post';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentMedia } from '../media/media.presenter';
import { presentAuthor } from '../users/users.presenter';
import type { PostFile, PostWithAuthor } from './posts.repository';

/** A post's file with what the API shows of it (rows read alone or in a page's JSON). */
export type MediaRow = Omit<PostFile, 'post_id'> & { post_id: string | null };

/**
 * Turns rows into the API's posts: author as "Jane D." (first name and last
 * initial, never the full last name), files in order, whether the viewer
 * saved each one and what they may do with it (the post policy; nobody's
 * when no viewer is given, as a written page holds it until filled).
 */
export function createPostPresenter(storage: BlobStore) {
  return (
    rows: PostWithAuthor[],
    media: MediaRow[],
    liked: Set<string>,
    viewer: PostViewer | null = null,
  ): PostDto[] => {
    // A student's name and avatar are written once however many of the rows are theirs.
    const authors = new Map<string, AuthorDto>();
    const authorOf = (row: PostWithAuthor): AuthorDto => {
      let author = authors.get(row.author_id);
      if (!author) {
        author = presentAuthor(
          {
            id: row.author_id,
            username: row.author_username,
            first_name: row.author_first_name,
            last_name: row.author_last_name,
            avatar_key: row.author_avatar_key,
            school_verified: row.author_school_verified,
          },
          storage,
        );
        authors.set(row.author_id, author);
      }
      return author;
    };
    const mediaByPost = new Map<string, MediaDto[]>();
    for (const row of media) {
      if (!row.post_id) continue;
      const list = mediaByPost.get(row.post_id) ?? [];
      list.push(presentMedia(row, storage));
      mediaByPost.set(row.post_id, list);
    }
    return rows.map((row) => ({
      id: row.id,
      campusId: row.campus_id,
      parentId: row.parent_id,
      rootId: row.root_id,
      depth: row.depth,
      text: row.text,
      category: row.category,
      author: authorOf(row),
      media: mediaByPost.get(row.id) ?? [],
      likeCount: row.like_count,
      commentCount: row.comment_count,
      liked: liked.has(row.id),
      can: postCan(viewer, {
        authorId: row.author_id,
        campusId: row.campus_id,
        parentId: row.parent_id,
        price: row.price,
        status: row.status,
      }),
      price: row.price,
      obo: Boolean(row.obo),
      condition: CONDITIONS.includes(row.condition as Condition)
        ? (row.condition as Condition)
        : null,
      status: LISTING_STATUSES.includes(row.status as ListingStatus)
        ? (row.status as ListingStatus)
        : 'available',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      spot: spotRef(row.campus_id, row.spot_id),
      expiresAt: row.expires_at,
      bumpedAt: row.bumped_at,
    }));
  };
}

/**
 * Nests a flat, oldest-first list of replies under `rootId` (any depth). The
 * posts become the nodes, each given its `replies`, rather than copied: they
 * were presented for this page alone.
 */
export function nestReplies(rootId: string, replies: PostDto[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>();
  for (const p of replies) {
    const node = p as CommentNode;
    node.replies = [];
    nodes.set(p.id, node);
  }
  const top: CommentNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === rootId) top.push(node);
    else nodes.get(node.parentId ?? '')?.replies.push(node);
  }
  return top;
}
