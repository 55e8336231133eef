import type { PostDto } from '@common/schemas/posts';
import { CommentLink, MediaGrid, PostHeader, PostText, SaveButton } from './PostParts';
import styles from './PostParts.module.css';

/**
 * One post in a list: author, time, text, photos, Save and Comment. Search
 * results mark the words that matched (`highlight`: lower case, accent-free).
 */
export function PostCard({ post, highlight }: { post: PostDto; highlight?: readonly string[] }) {
  return (
    <article className={`card ${styles.card}`} aria-labelledby={`post-${post.id}-author`}>
      <PostHeader post={post} nameId={`post-${post.id}-author`} linkTime />
      {post.text ? <PostText text={post.text} highlight={highlight} /> : null}
      <MediaGrid media={post.media} />
      <footer className={styles.actions}>
        <SaveButton post={post} />
        <CommentLink post={post} />
      </footer>
    </article>
  );
}

/** A loading card with the size of a real one. */
export function PostCardSkeleton() {
  return (
    <div className={`card ${styles.card}`} aria-hidden="true">
      <div className={styles.header}>
        <span className="skeleton" style={{ width: 40, height: 40, borderRadius: 999 }} />
        <div className={styles.meta}>
          <span className="skeleton" style={{ width: 120, height: 14, borderRadius: 6 }} />
          <span className="skeleton" style={{ width: 70, height: 12, borderRadius: 6 }} />
        </div>
      </div>
      <span className="skeleton" style={{ width: '100%', height: 14, borderRadius: 6 }} />
      <span className="skeleton" style={{ width: '70%', height: 14, borderRadius: 6 }} />
      <span className="skeleton" style={{ width: '100%', height: 220, borderRadius: 12 }} />
      <div className={styles.actions}>
        <span className="skeleton" style={{ width: 90, height: 32, borderRadius: 999 }} />
        <span className="skeleton" style={{ width: 110, height: 32, borderRadius: 999 }} />
      </div>
    </div>
  );
}
