import type { Campus } from '@common/campuses';
import {
  ASK_SOLD_AFTER_MS,
  formatPrice,
  LISTING_LIFETIME_MS,
  LISTING_MESSAGES,
} from '@common/listings';
import { NOTIFICATION_TEXT } from '@common/schemas/notifications';
import type { PostDto, UpdateListingBody } from '@common/schemas/posts';
import { badRequest } from '../../core/errors';
import * as postPolicy from '../../core/policies/post';
import type { Executor, UserRow } from '../../db/schema';
import { factChange, factsChanged } from './posts.cache';
import { postsRepository as posts } from './posts.repository';
import type { PostCommandDeps } from './posts.commands';

/** A listing as its seller sees it after a change. */
export function listingPresenter({
  db,
  saves,
  pages,
}: Pick<PostCommandDeps, 'db' | 'saves' | 'pages'>) {
  return async (user: UserRow, id: string): Promise<PostDto> => {
    const updated = (await posts.findWithAuthor(db.kysely, id))!;
    const [media, liked] = await Promise.all([
      posts.mediaFor(db.kysely, [id]),
      saves.among(user.id, [id]),
    ]);
    return pages.present([updated], media, liked, postPolicy.postViewer(user))[0]!;
  };
}

/** What a listing change asks of its sale (modules/sales, ADR 052). */
export interface SaleRecords {
  /** The listing is no longer sold: its sale goes unless someone reviewed it. */
  unsold(trx: Executor, listingId: string): Promise<void>;
  /** The seller marked it sold without naming a buyer: its open offers close (ADR 061). */
  sold(listingId: string, seller: UserRow): Promise<void>;
}

export const noSales: SaleRecords = { unsold: async () => undefined, sold: async () => undefined };

/** The seller's changes to a listing (ADR 023). */
export interface ListingWrites {
  /**
   * The seller changes a listing's price, "or best offer", condition or
   * status (ADR 023). A lower price tells everyone who saved it, after the
   * change committed; the lists of the campus go stale (a sold listing
   * leaves the feed, a new price moves it in price order). An edit makes an
   * expired listing current again without moving it up (ADR 029). Marked
   * sold, its open offers close, unless `sale` says a sale being recorded
   * closes them itself, knowing its buyer (ADR 061).
   */
  updateListing(
    user: UserRow | null,
    campus: Campus,
    id: string,
    body: UpdateListingBody,
    sale?: { closesOffers: true },
  ): Promise<PostDto>;
}

/** Builds the seller's listing changes. */
export function createListingWrites({
  db,
  saves,
  notifications,
  cache,
  pages,
  now,
  sales,
}: Pick<PostCommandDeps, 'db' | 'saves' | 'notifications' | 'cache' | 'pages' | 'now'> & {
  sales: SaleRecords;
}): ListingWrites {
  const presentFor = listingPresenter({ db, saves, pages });

  return {
    async updateListing(
      user: UserRow | null,
      campus: Campus,
      id: string,
      body: UpdateListingBody,
      sale?: { closesOffers: true },
    ): Promise<PostDto> {
      const post = await posts.find(db.kysely, id);
      postPolicy.canEditListing(user, campus, post);
      if (post!.parent_id) throw badRequest('not_a_listing', LISTING_MESSAGES.notOnComments);
      const { mediaAlt, ...listing } = body;
      if (Object.values(listing).every((v) => v === undefined)) {
        // Only photo descriptions: the listing's price, status and lifetime stay as they are.
        await posts.setMediaAlt(db.kysely, id, mediaAlt ?? []);
        cache.changed(
          post!.campus_id,
          factsChanged(factChange['campus-lists'](), factChange.post(id)),
        );
        return presentFor(user, id);
      }
      const price = body.price === undefined ? post!.price : body.price;
      const obo = price === null ? false : (body.obo ?? Boolean(post!.obo));
      if (body.obo && price === null)
        throw badRequest('obo_needs_price', LISTING_MESSAGES.oboNeedsPrice);
      const change = {
        ...(body.price !== undefined ? { price } : {}),
        obo,
        ...(body.condition !== undefined ? { condition: body.condition } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        expires_at: price === null ? null : now() + LISTING_LIFETIME_MS,
        // A post that becomes a listing is asked "Did it sell?" 14 days on, like one posted with a
        // price; one that stops being a listing is not asked (ADR 029).
        ...(post!.price === null && price !== null
          ? { ask_sold_at: now() + ASK_SOLD_AFTER_MS }
          : {}),
        ...(post!.price !== null && price === null ? { ask_sold_at: null } : {}),
      };
      const dropped = post!.price !== null && price !== null && price < post!.price;
      const announce = await db.kysely.transaction().execute(async (trx) => {
        await posts.updateListing(trx, id, change);
        if (mediaAlt) await posts.setMediaAlt(trx, id, mediaAlt);
        if (post!.status === 'sold' && body.status !== undefined && body.status !== 'sold')
          await sales.unsold(trx, id);
        if (!dropped) return () => undefined;
        const savers = await saves.savers(trx, id);
        return notifications.notify(
          trx,
          savers.map((saver) => ({
            type: 'price drop' as const,
            toUserId: saver,
            from: user,
            postId: id,
            message: NOTIFICATION_TEXT['price drop'](formatPrice(price), post!.text),
          })),
        );
      });
      announce();
      if (body.status === 'sold' && post!.status !== 'sold' && !sale) await sales.sold(id, user!);
      cache.changed(
        post!.campus_id,
        factsChanged(factChange['campus-lists'](), factChange.post(id)),
      );
      return presentFor(user, id);
    },
  };
}
