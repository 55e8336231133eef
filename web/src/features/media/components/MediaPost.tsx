import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { POST_PREVIEW_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import { type AuthorDto, POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { ChatIcon } from '../../../components/ui/Icons';
import { Skeleton } from '../../../components/ui/Spinner';
import styles from './MediaPost.module.css';

const authorName = (a: AuthorDto) => `${a.firstName} ${a.lastInitial}`;

function Avatar({ author }: { author: AuthorDto }) {
  return (
    <span className={`avatar ${styles.avatar}`}>
      {author.avatarUrl ? (
        <img src={author.avatarUrl} alt="" width={40} height={40} />
      ) : (
        <span aria-hidden="true">{author.firstName.slice(0, 1).toUpperCase()}</span>
      )}
    </span>
  );
}

/** Text cut at 200 characters with "See more" / "See less" (companion spec §5). */
function PostText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const chars = [...text];
  if (chars.length <= POST_PREVIEW_CHARS) return <p className={styles.text}>{text}</p>;
  return (
    <p className={styles.text}>
      {open ? text : `${chars.slice(0, POST_PREVIEW_CHARS).join('').trimEnd()}… `}
      <button
        type="button"
        className={styles.more}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? POST_MESSAGES.seeLess : POST_MESSAGES.seeMore}
      </button>
    </p>
  );
}

/**
 * A post of the media detail page: author, time, text, then every photo and
 * video at feed size, one under the other. Photos carry the width and height
 * the server measured, so the page keeps its place while they load.
 */
export function MediaPost({ post, headingLevel = 2 }: { post: PostDto; headingLevel?: 2 | 3 }) {
  const created = new Date(post.createdAt);
  const name = authorName(post.author);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`card ${styles.card}`} aria-labelledby={`media-${post.id}-author`}>
      <header className={styles.header}>
        <Link
          to={`/${post.author.username}`}
          className={styles.avatarLink}
          tabIndex={-1}
          aria-hidden="true"
        >
          <Avatar author={post.author} />
        </Link>
        <div className={styles.meta}>
          <Heading className={styles.heading}>
            <Link
              id={`media-${post.id}-author`}
              className={styles.name}
              to={`/${post.author.username}`}
            >
              {name}
            </Link>
          </Heading>
          <time
            className={styles.time}
            dateTime={created.toISOString()}
            title={created.toLocaleString()}
          >
            {formatDistanceToNowStrict(created, { addSuffix: true })}
          </time>
        </div>
        {post.category ? <span className={styles.chip}>{post.category}</span> : null}
      </header>
      {post.text ? <PostText text={post.text} /> : null}
      <div className={styles.media}>
        {post.media.map((media, index) =>
          media.kind === 'image' ? (
            <img
              key={media.id}
              src={media.url}
              alt={`Photo ${index + 1} of ${post.media.length} by ${name}`}
              width={media.width}
              height={media.height}
              decoding="async"
              loading={index === 0 ? 'eager' : 'lazy'}
            />
          ) : (
            <video
              key={media.id}
              className={media.width ? undefined : styles.video}
              src={media.url}
              width={media.width || undefined}
              height={media.height || undefined}
              controls
              playsInline
              preload="metadata"
              aria-label={`Video ${index + 1} of ${post.media.length} by ${name}`}
            />
          ),
        )}
      </div>
      <footer className={styles.actions}>
        <Link className={styles.action} to={`/post/${post.id}`}>
          <ChatIcon width={20} height={20} aria-hidden="true" />
          <span>{MESSAGES.posts.comment}</span>
          <span className={styles.count}>{post.commentCount}</span>
        </Link>
      </footer>
    </article>
  );
}

/** The shape of a media post while it loads. */
export function MediaPostSkeleton() {
  return (
    <div className={`card ${styles.card}`} aria-hidden="true">
      <div className={styles.header}>
        <Skeleton width={40} height={40} radius={999} />
        <div className={styles.meta}>
          <Skeleton width={120} height={14} />
          <Skeleton width={72} height={12} />
        </div>
      </div>
      <Skeleton height={14} width="70%" />
      <span className={styles.placeholder}>
        <Skeleton height="100%" radius={12} />
      </span>
    </div>
  );
}
