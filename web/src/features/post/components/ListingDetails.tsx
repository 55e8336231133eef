import { categoryLabel } from '@common/categories';
import { LISTING_MESSAGES as L } from '@common/listings';
import type { PostDto, SellerSummary } from '@common/schemas/posts';
import { fullTime, timeAgo } from '@common/time';
import { SendMessageButton } from '../../../components/messaging/SendMessageButton';
import { ListingLine, MediaGrid, PostSpot, PostText } from '../../../components/posts/PostParts';
import { SaleReviewEntry } from '../../../components/sales/SaleReviewEntry';
import { useGatedOffer } from '../../../components/gates/use-gate';
import { CheckIcon } from '../../../components/ui/Icons';
import { SellerCard } from './SellerCard';
import styles from './ListingDetails.module.css';

/**
 * A listing's page as a product page (ADR 048): its photos first, then price
 * and status, the one action that matters to this viewer (Send Message to
 * the seller, or the seller's Mark as sold with "Sold to"), "Leave a review"
 * for the two sides of its sale (ADR 052), who sells it, and what they wrote.
 */
export function ListingDetails({
  post,
  seller,
  onEditPrice,
  onMarkSold,
}: {
  post: PostDto;
  seller: SellerSummary | null;
  onEditPrice(): void;
  /** Opens "Sold to" (ADR 052). */
  onMarkSold(): void;
}) {
  const created = new Date(post.createdAt);
  return (
    <>
      <MediaGrid media={post.media} post={post} gallery lead />
      <div className={styles.summary}>
        <ListingLine post={post} />
        <p className={styles.meta}>
          {post.category ? (
            <span className={styles.chip}>{categoryLabel(post.category)}</span>
          ) : null}
          <time dateTime={created.toISOString()} title={fullTime(created)}>
            {timeAgo(created)}
          </time>
        </p>
        <PostSpot post={post} />
        <ListingPrimaryActions post={post} onEditPrice={onEditPrice} onMarkSold={onMarkSold} />
        {post.status === 'sold' ? <SaleReviewEntry postId={post.id} /> : null}
      </div>
      <SellerCard author={post.author} seller={seller} campusId={post.campusId} />
      {post.text ? (
        <section className={styles.description} aria-labelledby={`description-${post.id}`}>
          <h2 id={`description-${post.id}`} className={styles.heading}>
            {L.description}
          </h2>
          <PostText text={post.text} className={styles.text} />
        </section>
      ) : null}
    </>
  );
}

/** Send Message for a buyer; Mark as sold and Edit price for the seller (what `can` offers, ADR 044). */
function ListingPrimaryActions({
  post,
  onEditPrice,
  onMarkSold,
}: {
  post: PostDto;
  onEditPrice(): void;
  onMarkSold(): void;
}) {
  const offered = useGatedOffer();
  const { can } = post;
  const message = offered(can.message);
  if (!message && !can.markSold && !can.edit) return null;
  return (
    <div className={styles.primary}>
      {message ? (
        <SendMessageButton
          to={post.author}
          listingId={post.id}
          className="btn btn--lg btn--primary btn--block"
        />
      ) : null}
      {can.markSold ? (
        <button type="button" className="btn btn--lg btn--primary btn--block" onClick={onMarkSold}>
          <CheckIcon width={18} height={18} aria-hidden="true" />
          {L.markSold}
        </button>
      ) : null}
      {can.edit ? (
        <button
          type="button"
          className="btn btn--lg btn--secondary btn--block"
          onClick={onEditPrice}
        >
          {L.editPrice}
        </button>
      ) : null}
    </div>
  );
}
