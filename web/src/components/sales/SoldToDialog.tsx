import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { SALE_MESSAGES as M } from '@common/schemas/sales';
import { ApiError } from '../../lib/api';
import { patchPostEverywhere, postKeys } from '../../lib/posts-api';
import { getSaleCandidates, recordSale, saleKeys } from '../../lib/sales-api';
import { authorName } from '../posts/PostParts';
import { useAlert } from '../ui/Alerts';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { Verified } from '../ui/VerifiedBadge';
import styles from './Sales.module.css';

const SOMEONE_ELSE = '';

/**
 * "Mark as sold" asks "Sold to" (ADR 052): the students who talked with the
 * seller about the listing, newest first, or "Someone else". The server
 * checks the choice again; a sale to a student asks both for a review.
 */
export function SoldToDialog({
  post,
  open,
  onOpenChange,
  onSold,
}: {
  post: Pick<PostDto, 'id'>;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After the sale is recorded (the "Did it sell?" row shows its answer). */
  onSold?(): void;
}) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  const candidates = useQuery({
    queryKey: saleKeys.candidates(post.id),
    queryFn: () => getSaleCandidates(post.id),
    enabled: open,
  });
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = candidates.data?.items ?? [];
  const chosen = choice ?? items[0]?.id ?? SOMEONE_ELSE;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const sale = await recordSale(post.id, chosen === SOMEONE_ELSE ? null : chosen);
      patchPostEverywhere(queryClient, post.id, { status: 'sold' });
      queryClient.setQueryData(saleKeys.listing(post.id), { sale });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      alert({ msg: L.markedSold, alertType: 'success' });
      onOpenChange(false);
      onSold?.();
    } catch (err) {
      alert({
        msg: err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong,
        alertType: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={M.soldToTitle} description={M.soldToText}>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        {candidates.isPending ? (
          <Spinner />
        ) : (
          <fieldset className={styles.choices}>
            <legend className="visually-hidden">{M.soldToTitle}</legend>
            {items.map((a) => (
              <label key={a.id} className={styles.choice}>
                <input
                  type="radio"
                  name="buyer"
                  value={a.id}
                  checked={chosen === a.id}
                  onChange={() => setChoice(a.id)}
                />
                <Avatar person={a} size={36} />
                <span className={styles.name}>
                  {authorName(a)}
                  <Verified verified={a.verified} />
                </span>
              </label>
            ))}
            <label className={styles.choice}>
              <input
                type="radio"
                name="buyer"
                value={SOMEONE_ELSE}
                checked={chosen === SOMEONE_ELSE}
                onChange={() => setChoice(SOMEONE_ELSE)}
              />
              <span className={styles.name}>{M.someoneElse}</span>
            </label>
          </fieldset>
        )}
        {!candidates.isPending && items.length === 0 ? (
          <p className={styles.hint}>{M.noCandidates}</p>
        ) : null}
        <Button type="submit" block disabled={busy || candidates.isPending}>
          {M.markSold}
        </Button>
      </form>
    </Modal>
  );
}
