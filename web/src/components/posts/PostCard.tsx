import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PostDto } from '@common/schemas/posts';
import { PROFILE_MESSAGES } from '@common/schemas/profiles';
import {
  authorName,
  CommentLink,
  ListingLine,
  MediaGrid,
  PostHeader,
  PostSpot,
  PostText,
  SaveButton,
} from './PostParts';
import styles from './PostParts.module.css';

/** Longest excerpt of the answered post shown above a reply. */
const REPLY_TO_CHARS = 80;

/**
 * One post in a list: author, time, text, photos, Save and Comment. Search
 * results mark the words that matched (`highlight`: lower case, accent-free).
 * A comment may show what it answers above it (`replyTo`), and the card may
 * hold the replies below it (`children`, after Save and Comment).
 */
export function PostCard({
  post,
  highlight,
  replyTo,
  children,
}: {
  post: PostDto;
  highlight?: readonly string[];
  replyTo?: PostDto | null;
  children?: ReactNode;
}) {
  return (
    <article className={`card ${styles.card}`} aria-labelledby={`post-${post.id}-author`}>
      {replyTo ? <ReplyingTo post={replyTo} /> : null}
      <PostHeader post={post} nameId={`post-${post.id}-author`} linkTime />
      <ListingLine post={post} />
      {post.text ? <PostText text={post.text} highlight={highlight} /> : null}
      <PostSpot post={post} />
      <MediaGrid media={post.media} post={post} />
      <footer className={styles.actions}>
        <SaveButton post={post} />
        <CommentLink post={post} />
      </footer>
      {children}
    </article>
  );
}

/** "Replying to Jane D.: the start of her post", leading to that post. */
function ReplyingTo({ post }: { post: PostDto }) {
  const chars = [...post.text];
  const excerpt =
    chars.length > REPLY_TO_CHARS
      ? `${chars.slice(0, REPLY_TO_CHARS).join('').trimEnd()}…`
      : post.text;
  return (
    <Link className={styles.replyingTo} to={`/post/${post.id}`}>
      <span>
        {PROFILE_MESSAGES.replyingTo} <strong>{authorName(post.author)}</strong>
      </span>
      {excerpt ? <span className={styles.replyingToText}>{excerpt}</span> : null}
    </Link>
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
