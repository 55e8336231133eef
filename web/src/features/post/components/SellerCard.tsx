import { format } from 'date-fns';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CampusId } from '@common/campus-rules';
import { LISTING_MESSAGES as L } from '@common/listings';
import type { AuthorDto, SellerSummary } from '@common/schemas/posts';
import { PROFILE_MESSAGES } from '@common/words/profiles';
import { authorName } from '../../../components/posts/PostParts';
import { Avatar } from '../../../components/ui/Avatar';
import { ClockIcon, MapPinIcon, StoreIcon } from '../../../components/ui/Icons';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { useCampusById } from '../../../lib/campuses';
import styles from './SellerCard.module.css';

/**
 * Who sells a listing (ADR 048): photo and name (to their profile), then, while
 * they are a student of the listing's campus, its school, "Member since" and
 * how many of their listings sold there. Only what their profile shows the campus.
 */
export function SellerCard({
  author,
  seller,
  campusId,
}: {
  author: AuthorDto;
  seller: SellerSummary | null;
  campusId: CampusId;
}) {
  const name = authorName(author);
  const titleId = useId();
  // The listing's campus, from the server: it may be one added after this build (ADR 057).
  const school = useCampusById(campusId)?.schoolName;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {L.seller}
      </h2>
      <div className={styles.who}>
        <Link to={`/${author.username}`} className={styles.avatar} tabIndex={-1} aria-hidden="true">
          <Avatar person={author} size={52} />
        </Link>
        <div className={styles.identity}>
          <p className={styles.nameLine}>
            <Link className={styles.name} to={`/${author.username}`}>
              {name}
            </Link>
            <Verified verified={author.verified} />
          </p>
          {seller && school ? (
            <p className={styles.school}>
              <MapPinIcon width={15} height={15} aria-hidden="true" />
              <span>{school}</span>
            </p>
          ) : null}
        </div>
      </div>
      {seller ? (
        <ul className={styles.facts}>
          <li>
            <ClockIcon width={16} height={16} aria-hidden="true" />
            {PROFILE_MESSAGES.memberSince(format(seller.memberSince, 'MMMM yyyy'))}
          </li>
          <li>
            <StoreIcon width={16} height={16} aria-hidden="true" />
            {L.listingsSold(seller.soldCount)}
          </li>
        </ul>
      ) : null}
    </section>
  );
}
