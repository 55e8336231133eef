import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { POST_PREVIEW_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import { type AuthorDto, type MediaDto, POST_MESSAGES, type PostDto } from '@common/schemas/posts';
import { useGate } from '../../../components/gates/use-gate';
import { BookmarkIcon, ChatIcon } from '../../../components/ui/Icons';
import { useToggleSave } from '../api/posts';
import styles from './PostCard.module.css';

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

/** One post in a list: author, time, text, photos, Save and Comment. */
export function PostCard({ post }: { post: PostDto }) {
  const created = new Date(post.createdAt);
  return (
    <article className={`card ${styles.card}`} aria-labelledby={`post-${post.id}-author`}>
      <header className={styles.header}>
        <Link to={`/${post.author.username}`} tabIndex={-1} aria-hidden="true">
          <Avatar author={post.author} />
        </Link>
        <div className={styles.meta}>
          <Link
            id={`post-${post.id}-author`}
            className={styles.name}
            to={`/${post.author.username}`}
          >
            {authorName(post.author)}
          </Link>
          <Link className={styles.time} to={`/post/${post.id}`}>
            <time dateTime={created.toISOString()} title={created.toLocaleString()}>
              {formatDistanceToNowStrict(created, { addSuffix: true })}
            </time>
          </Link>
        </div>
        {post.category ? <span className={styles.chip}>{post.category}</span> : null}
      </header>
      {post.text ? <PostText text={post.text} /> : null}
      <MediaGrid media={post.media} />
      <footer className={styles.actions}>
        <SaveButton post={post} />
        <Link className={styles.action} to={`/post/${post.id}`}>
          <ChatIcon width={20} height={20} aria-hidden="true" />
          <span>{MESSAGES.posts.comment}</span>
          <span className={styles.count}>{post.commentCount}</span>
        </Link>
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
