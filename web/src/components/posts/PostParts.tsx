import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { POST_PREVIEW_CHARS } from '@common/limits';
import { type AuthorDto, type MediaDto, POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { useGate } from '../gates/use-gate';
import { BookmarkIcon } from '../ui/Icons';
import styles from './PostParts.module.css';
import { useToggleSave } from './use-toggle-save';

/** The pieces of a post shared by the feed's cards and the post page. */
export const authorName = (a: AuthorDto) => `${a.firstName} ${a.lastInitial}`;

export function Avatar({ author, size = 40 }: { author: AuthorDto; size?: number }) {
  return (
    <span className={`avatar ${styles.avatar}`} style={{ width: size, height: size }}>
      {author.avatarUrl ? (
        <img src={author.avatarUrl} alt="" width={size} height={size} />
      ) : (
        <span aria-hidden="true">{author.firstName.slice(0, 1).toUpperCase()}</span>
      )}
    </span>
  );
}

/**
 * Avatar, name, time and category chip. In lists (`linkTime`) the time links
 * to the post and the name carries `nameId`, which labels the card.
 */
export function PostHeader({
  post,
  nameId,
  linkTime = false,
}: {
  post: PostDto;
  nameId?: string;
  linkTime?: boolean;
}) {
  const created = new Date(post.createdAt);
  const ago = formatDistanceToNowStrict(created, { addSuffix: true });
  return (
    <header className={styles.header}>
      <Link to={`/${post.author.username}`} tabIndex={-1} aria-hidden="true">
        <Avatar author={post.author} />
      </Link>
      <div className={styles.meta}>
        <Link id={nameId} className={styles.name} to={`/${post.author.username}`}>
          {authorName(post.author)}
        </Link>
        {linkTime ? (
          <Link className={styles.time} to={`/post/${post.id}`}>
            <time dateTime={created.toISOString()} title={created.toLocaleString()}>
              {ago}
            </time>
          </Link>
        ) : (
          <time className={styles.time} dateTime={created.toISOString()}>
            {ago}
          </time>
        )}
      </div>
      {post.category ? <span className={styles.chip}>{post.category}</span> : null}
    </header>
  );
}

/** Text cut at 200 characters with "See more" / "See less" (spec core §2 Composer). */
export function PostText({ text }: { text: string }) {
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

/** Photos keep the width/height the API measured, so nothing shifts as they load. */
export function MediaGrid({ media }: { media: MediaDto[] }) {
  if (media.length === 0) return null;
  const several = media.length > 1;
  return (
    <div className={several ? styles.grid : styles.single}>
      {media.map((m, index) =>
        m.kind === 'video' ? (
          <video
            key={m.id}
            className={styles.media}
            src={m.url}
            width={m.width || undefined}
            height={m.height || undefined}
            controls
            preload="metadata"
            playsInline
          />
        ) : (
          <img
            key={m.id}
            className={styles.media}
            src={m.url}
            width={m.width}
            height={m.height}
            alt={`Photo ${index + 1} of ${media.length}`}
            loading="lazy"
            decoding="async"
          />
        ),
      )}
    </div>
  );
}

export function SaveButton({ post }: { post: PostDto }) {
  const gate = useGate();
  const toggle = useToggleSave();
  const handleSave = () => {
    if (!gate('like')) return;
    toggle.mutate(post);
  };
  return (
    <button
      type="button"
      className={`${styles.action} ${post.liked ? styles.saved : ''}`}
      aria-pressed={post.liked}
      onClick={handleSave}
    >
      <BookmarkIcon width={20} height={20} aria-hidden="true" />
      <span>{post.liked ? POST_MESSAGES.saved : POST_MESSAGES.save}</span>
      <span className={styles.count} data-testid="save-count">
        {post.likeCount}
      </span>
    </button>
  );
}
