import { useQueryClient } from '@tanstack/react-query';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import type { PostDto, UpdateListingBody } from '@common/schemas/posts';
import { ApiError } from '../../lib/api';
import { patchPostEverywhere, postKeys, renewListing, updateListing } from '../../lib/posts-api';
import { useAlert } from '../ui/Alerts';

/**
 * The seller's changes to a listing (ADR 023, 029): a change of its fields or
 * status, and the weekly bump that renews it. Each shows the listing as the
 * server now has it everywhere it is cached, reads the lists again (a sold
 * listing leaves the feed, a bumped one heads it) and says how it went; a
 * refusal shows the server's words. Each resolves to whether it succeeded.
 */
export function useListingActions(postId: string) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const run = async (send: () => Promise<PostDto>, done: string): Promise<boolean> => {
    try {
      const updated = await send();
      patchPostEverywhere(queryClient, postId, {
        price: updated.price,
        obo: updated.obo,
        condition: updated.condition,
        status: updated.status,
        expiresAt: updated.expiresAt,
        bumpedAt: updated.bumpedAt,
        updatedAt: updated.updatedAt,
        media: updated.media,
      });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      alert({ msg: done, alertType: 'success' });
      return true;
    } catch (err) {
      alert({
        msg: err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
      return false;
    }
  };
  return {
    update: (body: UpdateListingBody, done: string = L.listingUpdated) =>
      run(() => updateListing(postId, body), done),
    renew: (done: string = L.renewed) => run(() => renewListing(postId), done),
  };
}
