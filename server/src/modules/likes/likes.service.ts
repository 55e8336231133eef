import type { Campus } from '@common/campuses';
import { BLOCK_MESSAGES } from '@common/schemas/blocks';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { LikerDto } from '@common/schemas/posts';
import { mayMessage } from '../../core/policies/people';
import * as postPolicy from '../../core/policies/post';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { BlockReader } from '../blocks/blocks.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  factChange,
  factsChanged,
  type PostsService,
  type ViewerSaves,
} from '../posts/posts.service';
import { presentAuthor } from '../users/users.presenter';
import { likesRepository as likes } from './likes.repository';

/** Most names the liked-by list shows. */
const LIKERS_SHOWN = 200;

/** Which posts a viewer saved: what the posts module fills into its pages. */
export function createViewerSaves(db: Db): ViewerSaves {
  return {
    all: (userId, most) => likes.savedAll(db.kysely, userId, most),
    among: (userId, postIds) => likes.savedAmong(db.kysely, userId, postIds),
    inThread: (userId, rootId, chain) => likes.savedInThread(db.kysely, userId, rootId, chain),
    savers: (executor, postId) => likes.saversOf(executor, postId),
  };
}

export interface LikesServiceDeps {
  db: Db;
  storage: BlobStore;
  posts: PostsService;
  notifications: Pick<NotificationsService, 'notify' | 'withdraw'>;
  /** A save reaches the post's author: not across a block (ADR 024, 037). */
  blocks: Pick<BlockReader, 'requireReachable' | 'hidden'>;
  now?: () => number;
}

/** Saving (liking) posts and who saved them. */
export interface LikesService {
  /** Like = save; liking again removes it. */
  setLiked(
    user: UserRow | null,
    campus: Campus,
    id: string,
    liked: boolean,
  ): Promise<{ liked: boolean; likeCount: number }>;
  /**
   * The students who saved a post, latest first, as "Jane D." (first name and
   * last initial), each with whether the viewer may message them.
   */
  likers(user: UserRow | null, campus: Campus, id: string): Promise<LikerDto[]>;
}

/** Builds the LikesService. */
export function createLikesService({
  db,
  storage,
  posts,
  notifications,
  blocks,
  now = Date.now,
}: LikesServiceDeps): LikesService {
  return {
    async setLiked(
      user: UserRow | null,
      campus: Campus,
      id: string,
      liked: boolean,
    ): Promise<{ liked: boolean; likeCount: number }> {
      const target = await posts.find(id);
      postPolicy.canLike(user, campus, target);
      // Taking a save back stays open: what one saved before a block is one's own to remove.
      if (liked) await blocks.requireReachable(user.id, target!.author_id, BLOCK_MESSAGES.cantSave);
      const { state, announce, post } = await db.kysely.transaction().execute(async (trx) => {
        const changed = liked
          ? await likes.add(trx, id, user.id, now())
          : await likes.remove(trx, id, user.id);
        // A new save notifies the author, never for their own,
        // once a window however often it is redone; taking it back takes back the unread
        // notification (ADR 037). Before the count moves: from there to the commit the post's
        // row is locked.
        const act = { type: 'like' as const, from: user, subject: id };
        const announce = !changed
          ? () => undefined
          : liked
            ? await notifications.notify(trx, [
                {
                  ...act,
                  toUserId: target!.author_id,
                  postId: target!.root_id ?? id,
                  message: NOTIFICATION_TEXT.like(user.first_name, target!.text),
                },
              ])
            : await notifications.withdraw(trx, act);
        const post = changed ? await posts.moveLikes(trx, id, liked ? 1 : -1) : target!;
        return { state: { liked, likeCount: post.like_count }, announce, post };
      });
      // A save moves one post's count (and its thread's score), and what the saver saved:
      // only what shows them goes.
      posts.changed(
        campus.id,
        factsChanged(factChange.post(id, post.root_id ?? id), factChange.saves(user.id)),
      );
      announce();
      return state;
    },

    async likers(user: UserRow | null, campus: Campus, id: string): Promise<LikerDto[]> {
      postPolicy.canRead(user, campus, await posts.find(id));
      const [rows, hidden] = await Promise.all([
        likes.likers(db.kysely, id, LIKERS_SHOWN),
        blocks.hidden(user.id),
      ]);
      const viewer = postPolicy.postViewer(user, hidden);
      return rows.map((row) => ({
        ...presentAuthor(row, storage),
        can: {
          message: mayMessage(viewer, {
            id: row.id,
            campusId: row.campus_id,
            schoolVerified: Boolean(row.school_verified),
          }),
        },
      }));
    },
  };
}
