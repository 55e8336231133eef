import { Link } from 'react-router';
import { categoryLabel } from '@common/categories';
import { FEED_VIEW_MESSAGES } from '@common/feed-view';
import { LISTING_MESSAGES, listingBadge, priceLabel } from '@common/listings';
import type { MediaDto, PostDto } from '@common/schemas/posts';
import { timeAgo } from '@common/time';
import { VideoStill } from '../media/VideoPlayer';
import { ImageIcon } from '../ui/Icons';
import { splitTitle } from './listing-card';
import { Verified } from '../ui/VerifiedBadge';
import { authorName } from './PostParts';
import styles from './ListingTile.module.css';

/** Height of the thumbnail the server makes of every photo (`thumbUrl`). */
const THUMB_HEIGHT = 200;

/**
 * One post of the feed's grid (ADR 047): a square of its first photo (or of
 * its text after the title, when it has none), its status over it, then its price, its title
 * and who posted it. The title is the tile's link, stretched over the whole
 * tile: one tab stop, one name, the whole tile to tap. The grid's first tile
 * is its `lead`: its photo loads before the rest, as a list's first card's.
 */
export function ListingTile({ post, lead = false }: { post: PostDto; lead?: boolean }) {
  const { title, rest } = splitTitle(post.text);
  const price = priceLabel(post);
  const badge = listingBadge(post, Date.now());
  const first = post.media[0];
  const titleId = `tile-${post.id}-title`;
  return (
    <article className={styles.tile} aria-labelledby={titleId}>
      <div className={styles.picture}>
        {first ? (
          <TilePhoto media={first} lead={lead} />
        ) : rest ? (
          <p className={styles.excerpt} aria-hidden="true">
            {rest}
          </p>
        ) : (
          // Nothing more than the title below to show: a quiet square, with the category.
          <span className={styles.placeholder} aria-hidden="true">
            <ImageIcon width={28} height={28} />
            {post.category ? <span>{categoryLabel(post.category)}</span> : null}
          </span>
        )}
        {post.media.length > 1 ? (
          <span className={styles.count} aria-hidden="true">
            1/{post.media.length}
          </span>
        ) : null}
        {badge ? (
          <span className={`${styles.status} ${styles[badge]}`}>{LISTING_MESSAGES[badge]}</span>
        ) : null}
      </div>
      <div className={styles.body}>
        {price ? <p className={styles.price}>{price}</p> : null}
        <h2 className={styles.title} id={titleId}>
          <Link className={styles.link} to={`/post/${post.id}`}>
            {title || FEED_VIEW_MESSAGES.untitled}
          </Link>
        </h2>
        <p className={styles.meta}>
          {authorName(post.author)}
          <Verified verified={post.author.verified} /> · {timeAgo(new Date(post.createdAt))}
        </p>
      </div>
    </article>
  );
}

/** The first photo as its thumbnail (the full photo on dense screens), cropped to the square. */
function TilePhoto({ media, lead }: { media: MediaDto; lead: boolean }) {
  if (media.kind === 'video')
    // The poster (or first frame) and length; the player is on the listing's page.
    return <VideoStill media={media} />;
  const measured = media.width > 0 && media.height > 0;
  const thumbWidth = measured ? Math.round((THUMB_HEIGHT * media.width) / media.height) : 0;
  return (
    <img
      src={media.thumbUrl}
      srcSet={
        measured ? `${media.thumbUrl} ${thumbWidth}w, ${media.url} ${media.width}w` : undefined
      }
      sizes="(max-width: 769px) 50vw, 260px"
      alt=""
      width={media.width || undefined}
      height={media.height || undefined}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : undefined}
      decoding="async"
    />
  );
}

/** A tile's place while the first page loads. */
export function ListingTileSkeleton() {
  return (
    <div className={styles.tile} aria-hidden="true">
      <span className={`skeleton ${styles.picture}`} />
      <div className={styles.body}>
        <span className="skeleton" style={{ width: '40%', height: 18, borderRadius: 6 }} />
        <span className="skeleton" style={{ width: '85%', height: 14, borderRadius: 6 }} />
      </div>
    </div>
  );
}
