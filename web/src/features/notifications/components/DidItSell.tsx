import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/words/posts';
import { useListingActions } from '../../../components/posts/use-listing-actions';
import { SoldToDialog } from '../../../components/sales/SoldToDialog';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { notificationKeys } from '../../../lib/chat-keys';
import { deletePost, forgetOwnPost, postKeys } from '../../../lib/posts-api';
import styles from './Notifications.module.css';

/**
 * The answers to "Did it sell?" (ADR 029): Sold asks "Sold to" as the
 * listing's "Mark as sold" does, so the sale is recorded (ADR 061); Still
 * available bumps it to the top (once a week), Delete deletes it after the
 * usual confirmation. The server's refusals show as they come.
 */
export function DidItSellActions({ postId }: { postId: string }) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const { renew } = useListingActions(postId);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [selling, setSelling] = useState(false);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await action();
    setBusy(false);
    // The row shows the answer once the listing has it (ADR 032).
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  };
  const handleDelete = async () => {
    try {
      await deletePost(postId);
      forgetOwnPost(queryClient, postId);
      queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      // The question goes with its listing.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      alert({ msg: POST_MESSAGES.postDeleted, alertType: 'success' });
    } catch (err) {
      alert({
        msg: err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    }
  };

  return (
    // A span: the row's text column is one (phrasing content throughout).
    <span className={styles.answers} role="group" aria-label={L.didItSell}>
      <Button size="sm" disabled={busy} onClick={() => setSelling(true)}>
        {L.answerSold}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={() => void act(() => renew(L.bumped))}
      >
        {L.answerStillAvailable}
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => setDeleting(true)}>
        {L.answerDelete}
      </Button>
      {selling ? (
        <SoldToDialog
          post={{ id: postId }}
          open={selling}
          onOpenChange={setSelling}
          // The row shows the answer once the listing has it (ADR 032).
          onSold={() => void queryClient.invalidateQueries({ queryKey: notificationKeys.list })}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={POST_MESSAGES.deletePostTitle}
        description={MESSAGES.posts.deleteText}
        confirmLabel={MESSAGES.posts.delete}
        danger
        onConfirm={() => void act(handleDelete)}
      />
    </span>
  );
}
