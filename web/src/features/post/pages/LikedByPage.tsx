import { Link, useParams } from 'react-router';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/words/posts';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SendMessageButton } from '../../../components/messaging/SendMessageButton';
import { useGatedOffer } from '../../../components/gates/use-gate';
import { Spinner } from '../../../components/ui/Spinner';
import { useLikers } from '../api/posts';
import { authorName } from '../../../components/posts/PostParts';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { Avatar } from '../../../components/ui/Avatar';
import styles from './LikedByPage.module.css';

/** /post/{id}/likes: who saved the post, with Send Message where their `can` offers it. */
export function LikedByPage() {
  const { id = '' } = useParams();
  const likers = useLikers(id);
  const offered = useGatedOffer();
  return (
    <div className={styles.page}>
      <PageHeader title={POST_MESSAGES.likedBy} fallback={`/post/${id}`} />
      {likers.isPending ? (
        <Spinner />
      ) : likers.error ? (
        <section className="card empty-state">
          <p className="empty-state__text">{likers.error.message}</p>
        </section>
      ) : likers.data.items.length === 0 ? (
        <section className="card empty-state">
          <p className="empty-state__text">{MESSAGES.posts.noLikes}</p>
        </section>
      ) : (
        <ul className={`card ${styles.list}`} aria-label={POST_MESSAGES.likedBy}>
          {likers.data.items.map((author) => (
            <li key={author.id} className={styles.item}>
              <Link className={styles.row} to={`/${author.username}`}>
                <Avatar person={author} />
                <span className={styles.names}>
                  <span className={styles.name}>
                    {authorName(author)}
                    <Verified verified={author.verified} />
                  </span>
                  <span className={styles.username}>@{author.username}</span>
                </span>
              </Link>
              {offered(author.can.message) ? (
                <SendMessageButton to={author} className="icon-button" compact />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
