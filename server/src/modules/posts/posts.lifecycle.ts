import type { Campus } from '@common/campuses';
import { BUMP_EVERY_MS, LISTING_LIFETIME_MS, LISTING_MESSAGES } from '@common/listings';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { PostDto } from '@common/schemas/posts';
import { badRequest, conflict } from '../../core/errors';
import * as postPolicy from '../../core/policies/post';
import type { UserRow } from '../../db/schema';
import { feedScore } from './posts.cursor';
import { listingPresenter } from './posts.listings';
import { factChange, factsChanged } from './posts.cache';
import { postsRepository as posts } from './posts.repository';
import type { PostCommandDeps } from './posts.commands';

/** "Did it sell?" questions sent per run of the job; the next run takes the rest. */
const QUESTIONS_PER_RUN = 200;

/**
 * A listing's lifecycle (ADR 029): the seller's "Did it sell?" 14 days after
 * posting, and the weekly bump that also renews a listing for another 60 days.
 */
export interface ListingLifecycle {
  /**
   * "Still available" and Renew (ADR 029): the seller moves a listing that
   * is not sold to the top of the feed and makes it current for another 60
   * days, at most once a week. The lists and the post go stale.
   */
  renewListing(user: UserRow | null, campus: Campus, id: string): Promise<PostDto>;
  /**
   * The "Did it sell?" questions due at `at` (14 days after posting). Run
   * every minute by each server; a question is claimed in the transaction
   * that notifies, so it goes once whatever the servers and restarts.
   */
  askDidItSell(at?: number): Promise<number>;
}

/** Builds a listing's lifecycle: the renewals and the "Did it sell?" job. */
export function createListingLifecycle(
  deps: Pick<PostCommandDeps, 'db' | 'saves' | 'notifications' | 'cache' | 'pages' | 'now' | 'log'>,
): ListingLifecycle {
  const { db, notifications, cache, now, log } = deps;
  const presentFor = listingPresenter(deps);

  /** The seller's question about one listing, if this server is the one that claims it. */
  async function ask(id: string): Promise<boolean> {
    let asked = false;
    const announce = await db.kysely.transaction().execute(async (trx) => {
      const post = await posts.claimAskSold(trx, id);
      // Taken by another server, or sold (or no longer a listing) since it was posted.
      if (!post || post.status === 'sold' || post.price === null || post.parent_id !== null)
        return () => undefined;
      asked = true;
      return notifications.notify(trx, [
        {
          type: 'did it sell',
          toUserId: post.author_id,
          from: null,
          postId: post.id,
          message: NOTIFICATION_TEXT['did it sell']('', post.text),
        },
      ]);
    });
    announce();
    return asked;
  }

  return {
    async renewListing(user: UserRow | null, campus: Campus, id: string): Promise<PostDto> {
      const post = await posts.find(db.kysely, id);
      postPolicy.canEditListing(user, campus, post);
      if (post!.parent_id || post!.price === null)
        throw badRequest('not_a_listing', LISTING_MESSAGES.notRenewable);
      if (post!.status === 'sold')
        throw conflict('listing_sold', LISTING_MESSAGES.soldNotRenewable);
      const at = now();
      const bumped = await posts.bump(db.kysely, id, {
        at,
        expiresAt: at + LISTING_LIFETIME_MS,
        // On the ranked feed a bump counts as posting again.
        feedScore: feedScore(post!.like_count, post!.comment_count, at),
        notSince: at - BUMP_EVERY_MS,
      });
      if (!bumped) throw conflict('bumped_this_week', LISTING_MESSAGES.bumpedThisWeek);
      cache.changed(
        post!.campus_id,
        factsChanged(factChange['campus-lists'](), factChange.post(id)),
      );
      return presentFor(user, id);
    },

    async askDidItSell(at: number = now()): Promise<number> {
      let sent = 0;
      for (const id of await posts.askSoldDue(db.kysely, at, QUESTIONS_PER_RUN)) {
        try {
          if (await ask(id)) sent++;
        } catch (error) {
          log(error);
        }
      }
      return sent;
    },
  };
}
