import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { FEED_VIEW_MESSAGES } from '@common/feed-view';
import { CONDITION_LABELS, LISTING_MESSAGES, listingBadge, priceLabel } from '@common/listings';
import type { PostDto } from '@common/schemas/posts';
import { PROFILE_MESSAGES } from '@common/words/profiles';
import { highlightParts } from '../../lib/highlight';
import { isListing, leadAspect, opensListing, splitTitle } from './listing-card';
import {
  authorName,
  CommentLink,
  MediaGrid,
  PostHeader,
  PostSpot,
  PostText,
  RenewButton,
  SaveButton,
} from './PostParts';
import cards from './PostCard.module.css';
import styles from './PostParts.module.css';

/** Longest excerpt of the answered post shown above a reply. */
const REPLY_TO_CHARS = 80;

/**
 * One post in a list: author, time, text, photos, Save and Comment; a
 * listing's card leads with its photos, price and title instead (ADR 047).
 * Search results mark the words that matched (`highlight`: lower case,
 * accent-free). A comment may show what it answers above it (`replyTo`), and
 * the card may hold the replies below it (`children`, after Save and Comment).
 * The first card of a list is its `lead`: its photos load first (MediaGrid).
 */
export function PostCard({
  post,
  highlight,
  replyTo,
  lead = false,
  children,
}: {
  post: PostDto;
  highlight?: readonly string[];
  replyTo?: PostDto | null;
  lead?: boolean;
  children?: ReactNode;
}) {
  if (isListing(post) && !replyTo)
    return (
      <ListingCard post={post} highlight={highlight} lead={lead}>
        {children}
      </ListingCard>
    );
  return (
    <article className={`card ${styles.card}`} aria-labelledby={`post-${post.id}-author`}>
      {replyTo ? <ReplyingTo post={replyTo} /> : null}
      <PostHeader post={post} nameId={`post-${post.id}-author`} linkTime />
      {post.text ? <PostText text={post.text} highlight={highlight} /> : null}
      <PostSpot post={post} />
      <MediaGrid media={post.media} post={post} lead={lead} />
      <footer className={styles.actions}>
        <SaveButton post={post} />
        <CommentLink post={post} />
      </footer>
      {children}
    </article>
  );
}

/**
 * A listing's card (ADR 047): its photos first, then the price, large, with
 * its Sold, Pending or Expired badge, the title (the text's first line, a link
 * to the listing), condition and description, and the seller, smaller. A tap
 * anywhere on the card's body opens the listing too; controls, links and
 * photos keep their own tap, and keyboards have the title's link.
 */
function ListingCard({
  post,
  highlight,
  lead,
  children,
}: {
  post: PostDto;
  highlight?: readonly string[];
  lead: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const { title, rest } = splitTitle(post.text);
  const href = `/post/${post.id}`;
  const titleId = `post-${post.id}-title`;
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    const selection = window.getSelection()?.toString() ?? '';
    if (opensListing(event, event.target, event.currentTarget, selection)) void navigate(href);
  };
  return (
    // The title's link is the keyboard's way in; this click only widens the target for a pointer.
    <article
      className={`card ${styles.card} ${cards.listing}`}
      aria-labelledby={titleId}
      onClick={handleClick}
    >
      <LeadMedia post={post} lead={lead} />
      <PriceLine post={post} />
      <h2 className={cards.title} id={titleId}>
        <Link className={cards.titleLink} to={href}>
          <Marked text={title || FEED_VIEW_MESSAGES.untitled} terms={highlight} />
        </Link>
      </h2>
      {post.condition ? (
        <p className={cards.condition}>{CONDITION_LABELS[post.condition]}</p>
      ) : null}
      {rest ? <PostText text={rest} className={cards.description} highlight={highlight} /> : null}
      <PostSpot post={post} />
      <div className={cards.seller}>
        <PostHeader post={post} nameId={`post-${post.id}-author`} linkTime />
      </div>
      <footer className={styles.actions}>
        <SaveButton post={post} />
        <CommentLink post={post} />
      </footer>
      {children}
    </article>
  );
}

/** The listing's photos across the card's top; one photo keeps its shape within 4:5 and 16:9. */
function LeadMedia({ post, lead }: { post: PostDto; lead: boolean }) {
  if (post.media.length === 0) return null;
  const aspect = post.media.length === 1 ? leadAspect(post.media[0]) : null;
  const style = aspect ? ({ '--lead-aspect': aspect.toFixed(4) } as CSSProperties) : undefined;
  return (
    <div className={`${cards.lead} ${post.media.length === 1 ? cards.one : ''}`} style={style}>
      <MediaGrid media={post.media} post={post} lead={lead} />
    </div>
  );
}

/** "$40 · OBO" large, with the listing's badge and, for its seller, Renew. */
function PriceLine({ post }: { post: PostDto }) {
  const price = priceLabel(post);
  const badge = listingBadge(post, Date.now());
  if (!price && !badge) return null;
  return (
    <p className={cards.priceLine}>
      {price ? <span className={cards.price}>{price}</span> : null}
      {badge ? (
        <span className={`${styles.badge} ${styles[badge]}`}>{LISTING_MESSAGES[badge]}</span>
      ) : null}
      {badge === 'expired' && post.can.renew ? <RenewButton post={post} /> : null}
    </p>
  );
}

/** `text` with the words a search matched in <mark>. */
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
