import { useState } from 'react';
import { PROFILE_MESSAGES } from '@common/words/profiles';
import { REPORT_MESSAGES } from '@common/schemas/reports';
import { type ReviewDto, REVIEW_TAG_LABELS, SALE_MESSAGES as M } from '@common/schemas/sales';
import { fullTime, timeAgo } from '@common/time';
import { authorName } from '../../../components/posts/PostParts';
import { ReportDialog } from '../../../components/reports/ReportDialog';
import { Avatar } from '../../../components/ui/Avatar';
import { Skeleton } from '../../../components/ui/Spinner';
import { Verified } from '../../../components/ui/VerifiedBadge';
import styles from '../../../components/sales/Sales.module.css';
import { useProfileReviews } from '../api/get-profile-reviews';

/** How many reviews show before "Show all reviews". */
const FIRST = 3;

const starsText = (n: number) => `${n} out of 5 stars`;

/** "★★★★☆" drawn for the eye; the number is read out instead. */
function Stars({ n }: { n: number }) {
  return (
    <span role="img" aria-label={starsText(n)} className={styles.shownStars}>
      {'★'.repeat(n)}
      {'☆'.repeat(5 - n)}
    </span>
  );
}

function Review({ review }: { review: ReviewDto }) {
  const at = new Date(review.createdAt);
  const [reporting, setReporting] = useState(false);
  return (
    <li className={styles.review}>
      <div className={styles.reviewHead}>
        <Avatar person={review.author} size={36} />
        <div className={styles.who}>
          <span className={styles.name}>
            {authorName(review.author)}
            <Verified verified={review.author.verified} />
          </span>
          <span className={styles.item}>
            {review.authorRole === 'buyer' ? 'Bought' : 'Sold'} {review.title} ·{' '}
            <time dateTime={at.toISOString()} title={fullTime(at)}>
              {timeAgo(at)}
            </time>
          </span>
        </div>
      </div>
      <Stars n={review.stars} />
      {review.tags.length ? (
        <ul className={styles.chips} aria-label="Tags">
          {review.tags.map((t) => (
            <li key={t} className={styles.chip}>
              {REVIEW_TAG_LABELS[t]}
            </li>
          ))}
        </ul>
      ) : null}
      {review.text ? <p className={styles.text}>{review.text}</p> : null}
      {review.can.report ? (
        <>
          <button
            type="button"
            className={`btn btn--sm btn--ghost ${styles.report}`}
            onClick={() => setReporting(true)}
            aria-label={`${PROFILE_MESSAGES.report}: review by ${authorName(review.author)}`}
          >
            {PROFILE_MESSAGES.report}
          </button>
          <ReportDialog
            reported={{ targetType: 'review', targetId: review.id }}
            title={REPORT_MESSAGES.title.review}
            description={REPORT_MESSAGES.text}
            open={reporting}
            onOpenChange={setReporting}
          />
        </>
      ) : null}
    </li>
  );
}

/**
 * A profile's stars (one decimal), reviews and items sold and bought, and its
 * visible reviews newest first (ADR 052): the first few, then all of them,
 * a page at a time. A profile without reviews says so.
 */
export function ProfileReviews({
  username,
  firstName,
  expanded,
  onExpand,
}: {
  username: string;
  firstName: string;
  expanded: boolean;
  onExpand(): void;
}) {
  const query = useProfileReviews(username);
  const headingId = `reviews-${username}`;
  if (query.isPending)
    return (
      <section className={`card ${styles.section}`} aria-busy="true" aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {M.reviewsHeading}
        </h2>
        <Skeleton width="60%" height={18} />
      </section>
    );
  if (query.error) return null;
  const { stats } = query.data.pages[0]!;
  const reviews = query.data.pages.flatMap((p) => p.items);
  const shown = expanded ? reviews : reviews.slice(0, FIRST);
  const more = expanded ? query.hasNextPage : reviews.length > FIRST || query.hasNextPage;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {M.reviewsHeading}
      </h2>
      <ul className={styles.stats}>
        <li>
          {stats.average === null ? (
            M.noReviews(firstName)
          ) : (
            <>
              <strong>★ {stats.average.toFixed(1)}</strong> ·{' '}
              {stats.count === 1 ? '1 review' : `${stats.count} reviews`}
            </>
          )}
        </li>
        <li>
          <strong>{stats.sold}</strong> sold
        </li>
        <li>
          <strong>{stats.bought}</strong> bought
        </li>
      </ul>
      {shown.length ? (
        <ul className={styles.list}>
          {shown.map((r) => (
            <Review key={r.id} review={r} />
          ))}
        </ul>
      ) : null}
      {more ? (
        <button
          type="button"
          className="btn btn--md btn--secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => (expanded ? void query.fetchNextPage() : onExpand())}
        >
          {expanded ? 'Show more reviews' : `Show all reviews (${stats.count})`}
        </button>
      ) : null}
    </section>
  );
}
