import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SALE_MESSAGES as M } from '@common/schemas/sales';
import { getListingSale, saleKeys } from '../../lib/sales-api';
import { useViewer } from '../../lib/session';
import { authorName } from '../posts/PostParts';
import { otherSide, ReviewDialog } from './ReviewDialog';
import styles from './Sales.module.css';

/**
 * "Leave a review" on a sold listing's page, for the buyer and the seller of
 * its sale while its reviews are open (what the sale's `can` offers, ADR 044,
 * 052); once reviewed, when it will show. Nothing for anyone else.
 */
export function SaleReviewEntry({ postId }: { postId: string }) {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: saleKeys.listing(postId),
    queryFn: () => getListingSale(postId),
    enabled: viewer !== null,
  });
  const sale = query.data?.sale;
  if (!viewer || !sale) return null;
  const other = otherSide(sale, viewer.id);
  if (sale.can.review && other)
    return (
      <>
        <button
          type="button"
          className="btn btn--lg btn--secondary btn--block"
          onClick={() => setOpen(true)}
        >
          {M.reviewFor(authorName(other))}
        </button>
        <ReviewDialog sale={sale} viewerId={viewer.id} open={open} onOpenChange={setOpen} />
      </>
    );
  if (sale.myReview && !sale.myReview.visible)
    return (
      <p className={styles.hint} role="status">
        {M.hiddenUntil}
      </p>
    );
  return null;
}
