import { Link, useParams } from 'react-router';
import { POST_MESSAGES } from '@common/schemas/posts';
import { PageHeader } from '../../../components/layout/PageHeader';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { usePostMedia } from '../api/get-post';
import styles from './MediaPage.module.css';

/** /media/{id}: a post's photos and videos at full width (header variant "media post"). */
export function MediaDetailPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError } = usePostMedia(id);
  if (isPending) return <Spinner />;
  if (isError || !data) {
    return (
      <section className="card empty-state">
        <h1 className="empty-state__title">{POST_MESSAGES.missingPage}</h1>
        <ButtonLink to="/search">Search</ButtonLink>
      </section>
    );
  }
  const { post } = data;
  return (
    <div className={styles.page}>
      <PageHeader title={`${post.author.firstName}'s post`} fallback="/media" />
      <div className={styles.detail}>
        {post.media.map((media) =>
          media.kind === 'image' ? (
            <img
              key={media.id}
              src={media.url}
              alt={post.text.slice(0, 120)}
              width={media.width}
              height={media.height}
            />
          ) : (
            <video key={media.id} src={media.url} controls playsInline className={styles.video} />
          ),
        )}
      </div>
      <p className={styles.caption}>
        <Link to={`/post/${post.id}`}>View post</Link>
      </p>
    </div>
  );
}
