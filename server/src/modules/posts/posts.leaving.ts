import type { Executor, PostRow } from '../../db/schema';
import { keysOfMedia } from '../media/media.presenter';
import { postsRepository as posts } from './posts.repository';

/** What a student's posts leave to do once their account row is gone. */
export interface AuthorLeaving {
  /** Files of their posts, the replies below them and their unused uploads. */
  files: string[];
  /** Others' threads they commented in: counts to redo. */
  threads: string[];
  /** Others' posts they saved: counts to redo. */
  saved: string[];
}

/**
 * What the posts module does when a student's account is deleted: their posts
 * and everything below go by the database's cascades in the same
 * transaction; these read what must happen around that.
 */
export interface LeavingAuthorPosts {
  /** Before the account row is deleted. */
  authorLeaving(trx: Executor, userId: string): Promise<AuthorLeaving>;
  /** After: comment and save counts, and the scores of the threads they touched. */
  authorLeft(trx: Executor, left: AuthorLeaving): Promise<void>;
}

/** Builds the steps around an author's account deletion. */
export function createAuthorLeaving(
  rescoreThreadOf: (trx: Executor, id: string) => Promise<PostRow>,
): LeavingAuthorPosts {
  return {
    async authorLeaving(trx: Executor, userId: string): Promise<AuthorLeaving> {
      const [ids, threads, saved, unattached] = await Promise.all([
        posts.subtreesOfAuthor(trx, userId),
        posts.threadsCommentedBy(trx, userId),
        posts.savedByOthersPosts(trx, userId),
        posts.unattachedMediaOf(trx, userId),
      ]);
      const media = await posts.mediaFor(trx, ids);
      return { files: keysOfMedia([...media, ...unattached]), threads, saved };
    },

    async authorLeft(trx: Executor, left: AuthorLeaving): Promise<void> {
      for (const root of left.threads) await posts.recountThread(trx, root);
      await posts.recountLikes(trx, left.saved);
      const touched = new Set([...left.threads, ...left.saved]);
      for (const id of touched) {
        if (await posts.find(trx, id)) await rescoreThreadOf(trx, id);
      }
    },
  };
}
