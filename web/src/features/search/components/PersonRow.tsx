import { Link } from 'react-router';
import type { SearchPeople } from '@common/schemas/search';
import { authorName } from '../../../components/posts/PostParts';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { Avatar } from '../../../components/ui/Avatar';
import { Skeleton } from '../../../components/ui/Spinner';
import styles from './SearchResults.module.css';

type Person = SearchPeople['items'][number];

/** A student found by the people tab: avatar, "Jane D." and @username, to the profile. */
export function PersonRow({ person }: { person: Person }) {
  return (
    <Link to={`/${person.username}`} className={styles.person}>
      <Avatar person={person} size={44} />
      <span className={styles.personText}>
        <span className={styles.personName}>
          {authorName(person)}
          <Verified verified={person.verified} />
        </span>
        <span className={styles.personHandle}>@{person.username}</span>
      </span>
    </Link>
  );
}

/** A person row's place while the first page loads. */
export function PersonRowSkeleton() {
  return (
    <div className={styles.person} aria-hidden="true">
      <Skeleton width={44} height={44} radius={999} />
      <span className={styles.personText}>
        <Skeleton width={140} height={15} />
        <Skeleton width={90} height={13} />
      </span>
    </div>
  );
}
