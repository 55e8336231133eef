import { useState } from 'react';
import { Link } from 'react-router';
import { categoryLabel } from '@common/categories';
import { CONDITION_LABELS, LISTING_MESSAGES, listingBadge, priceLabel } from '@common/listings';
import { POST_PREVIEW_CHARS } from '@common/limits';
import { MESSAGES } from '@common/messages';
import type { AuthorDto, MediaDto, PostDto } from '@common/schemas/posts';
import { MEDIA_ALT_MESSAGES, POST_MESSAGES } from '@common/words/posts';
import { MEETUP_MESSAGES } from '@common/words/meetups';
import { fullTime, timeAgo } from '@common/time';
import { highlightParts } from '../../lib/highlight';
import { useGate } from '../gates/use-gate';
import { PhotoButton } from '../media/PhotoButton';
import { usePhotoViewer } from '../media/use-photo-viewer';
import { VideoPlayer } from '../media/VideoPlayer';
import { Avatar } from '../ui/Avatar';
import { BookmarkIcon, ChatIcon, MapPinIcon } from '../ui/Icons';
import { Verified } from '../ui/VerifiedBadge';
import styles from './PostParts.module.css';
import { useListingActions } from './use-listing-actions';
import { useToggleSave } from './use-toggle-save';

/** The pieces of a post shared by the feed's cards and the post page. */
export const authorName = (a: AuthorDto) => `${a.firstName} ${a.lastInitial}`;

/**
 * Avatar, name with its verified badge (ADR 049), time and category chip. In lists (`linkTime`) the time links
 * to the post and the name carries `nameId`, which labels the card; with
 * `headingLevel` the name is a heading of that level (the media detail page).
 */
export function PostHeader({
  post,
  nameId,
  linkTime = false,
  headingLevel,
}: {
  post: PostDto;
  nameId?: string;
  linkTime?: boolean;
  headingLevel?: 2 | 3;
}) {
  const created = new Date(post.createdAt);
  const time = (
    <time
      className={linkTime ? undefined : styles.time}
      dateTime={created.toISOString()}
      title={fullTime(created)}
    >
      {timeAgo(created)}
    </time>
  );
  const name = (
    <span>
      <Link id={nameId} className={styles.name} to={`/${post.author.username}`}>
        {authorName(post.author)}
      </Link>
      <Verified verified={post.author.verified} />
    </span>
  );
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <header className={styles.header}>
      <Link
        to={`/${post.author.username}`}
        className={styles.avatarLink}
        tabIndex={-1}
        aria-hidden="true"
      >
        <Avatar person={post.author} />
      </Link>
      <div className={styles.meta}>
        {headingLevel ? <Heading className={styles.heading}>{name}</Heading> : name}
        {linkTime ? (
          <Link className={styles.time} to={`/post/${post.id}`}>
            {time}
          </Link>
        ) : (
          time
        )}
      </div>
      {post.category ? <span className={styles.chip}>{categoryLabel(post.category)}</span> : null}
    </header>
  );
}

/**
 * A listing's price ("$40 · OBO", "Free"), condition and a Sold, Pending or
 * Expired badge (ADR 023, 029); nothing for a plain post. An expired
 * listing the viewer may renew (its `can`, ADR 044) gets its Renew button
 * here, on every card and the post page. The server draws it into the first
 * posts of /home too (ADR 045).
 */
export function ListingLine({ post }: { post: PostDto }) {
  const price = priceLabel(post);
  const badge = listingBadge(post, Date.now());
  if (!price && !post.condition && !badge) return null;
  return (
    <p className={styles.listing}>
      {price ? <span className={styles.price}>{price}</span> : null}
      {post.condition ? (
        <span className={styles.condition}>{CONDITION_LABELS[post.condition]}</span>
      ) : null}
      {badge ? (
        <span className={`${styles.badge} ${styles[badge]}`}>{LISTING_MESSAGES[badge]}</span>
      ) : null}
      {badge === 'expired' && post.can.renew ? <RenewButton post={post} /> : null}
    </p>
  );
}

/** The seller's Renew of an expired listing: current again, at the top of the feed. */
export function RenewButton({ post }: { post: PostDto }) {
  const { renew } = useListingActions(post.id);
  const [busy, setBusy] = useState(false);
  const handleRenew = async () => {
    setBusy(true);
    await renew();
    setBusy(false);
  };
  return (
    <button
      type="button"
      className={styles.renew}
      disabled={busy}
      onClick={() => void handleRenew()}
    >
      {LISTING_MESSAGES.renew}
    </button>
  );
}

/** "Meet at: <spot>", a listing's pick-up place (ADR 026). */
export function PostSpot({ post }: { post: PostDto }) {
  if (!post.spot) return null;
  return (
    <p className={styles.spot}>
      <MapPinIcon width={16} height={16} aria-hidden="true" />
      <span>
        {MEETUP_MESSAGES.meetAt}: {post.spot.name}
      </span>
    </p>
  );
}

/** `text` with the words that start with one of `terms` in <mark> (search results). */
function Marked({ text, terms }: { text: string; terms?: readonly string[] }) {
  if (!terms?.length) return <>{text}</>;
  return (
    <>
      {highlightParts(text, terms).map((part, i) =>
        part.mark ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}

/**
 * Text cut at 200 characters (POST_PREVIEW_CHARS) with "See more" / "See less", on
 * cards and the post page. Search results pass the words to `highlight`.
 */
export function PostText({
  text,
  className,
  highlight,
}: {
  text: string;
  className?: string;
  highlight?: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const chars = [...text];
  const classes = className ? `${styles.text} ${className}` : styles.text;
  if (chars.length <= POST_PREVIEW_CHARS)
    return (
      <p className={classes}>
        <Marked text={text} terms={highlight} />
      </p>
    );
  return (
    <p className={classes}>
      <Marked
        text={open ? text : `${chars.slice(0, POST_PREVIEW_CHARS).join('').trimEnd()}… `}
        terms={highlight}
      />
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
 * Photos keep the width/height the API measured, so nothing shifts as they
 * load. A photo opens the photo viewer at it (ADR 046), with the post's
 * price and Save when the grid is a post's (`post`). As a `gallery` (a
 * listing's page, ADR 048) the first photo is shown whole and large, the
 * others as a row of thumbnails below it. The page's `lead` photos (the first
 * post of a list, a listing's gallery) load at once, the first of them before
 * anything else the page waits for: it is the largest thing the first screen
 * paints, where lazy photos wait for the page's layout and its scripts.
 */
export function MediaGrid({
  media,
  post,
  gallery = false,
  lead = false,
}: {
  media: MediaDto[];
  post?: PostDto;
  gallery?: boolean;
  lead?: boolean;
}) {
  const { open, viewer } = usePhotoViewer(media, post ? viewerOptions(post) : undefined);
  if (media.length === 0) return null;
  const several = media.length > 1;
  const layout = several ? (gallery ? styles.gallery : styles.grid) : styles.single;
  return (
    <div className={layout}>
      {media.map((m, index) =>
        m.kind === 'video' ? (
          <VideoPlayer key={m.id} media={m} className={styles.media} />
        ) : (
          <PhotoButton key={m.id} onOpen={(opener) => open(index, opener)}>
            <img
              className={styles.media}
              src={m.url}
              width={m.width}
              height={m.height}
              alt={m.alt || MEDIA_ALT_MESSAGES.photoAlt(index + 1, media.length)}
              loading={lead ? 'eager' : 'lazy'}
              fetchPriority={lead && index === 0 ? 'high' : undefined}
              decoding="async"
            />
          </PhotoButton>
        ),
      )}
      {viewer}
    </div>
  );
}

/** What the photo viewer shows of a post: whose photos, its words, then its price and Save. */
export function viewerOptions(post: PostDto) {
  return {
    about: { author: authorName(post.author), text: post.text },
    details: (
      <>
        <ListingLine post={post} />
        <SaveButton post={post} />
      </>
    ),
  };
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

/** Comment, with the post's comment count: opens the post page. */
export function CommentLink({ post }: { post: PostDto }) {
  return (
    <Link className={styles.action} to={`/post/${post.id}`}>
      <ChatIcon width={20} height={20} aria-hidden="true" />
      <span>{MESSAGES.posts.comment}</span>
      <span className={styles.count}>{post.commentCount}</span>
    </Link>
  );
}
