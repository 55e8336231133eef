import { Link } from 'react-router';
import { priceLabel } from '@common/listings';
import { MEDIA_MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { formatDuration } from '../../lib/video-poster';
import { VideoStill } from '../media/VideoPlayer';
import { Skeleton } from '../ui/Spinner';
import styles from './MediaTile.module.css';

const SNIPPET_CHARS = 80;

/** "Photo by Jane D.: Walnut desk…": the tile's accessible name and the photo's alt text. */
export function tileName(post: PostDto): string {
  const first = post.media[0];
  const text = post.text.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  const snippet =
    chars.length > SNIPPET_CHARS ? `${chars.slice(0, SNIPPET_CHARS).join('').trimEnd()}…` : text;
  return MEDIA_MESSAGES.tileName(
    first?.kind ?? 'image',
    `${post.author.firstName} ${post.author.lastInitial}`,
    snippet,
    post.media.length,
  );
}

/**
 * One post of the media grid: its first photo as the 200 px tall WebP
 * thumbnail the server made, cropped to a square cell so the grid never
 * shifts while thumbnails arrive, a listing's price over its corner (ADR 047).
 * Opens the media detail page.
 */
export function MediaTile({ post }: { post: PostDto }) {
  const first = post.media[0];
  if (!first) return null;
  const name = tileName(post);
  const price = priceLabel(post);
  return (
    <Link
      to={`/media/${post.id}`}
      className={styles.tile}
      aria-label={
        first.kind === 'video'
          ? [name, first.durationMs ? formatDuration(first.durationMs) : null, price]
              .filter(Boolean)
              .join(', ')
          : undefined
      }
    >
      {first.kind === 'image' ? (
        <img
          src={first.thumbUrl}
          alt={name}
          width={first.width || undefined}
          height={first.height || undefined}
          loading="lazy"
          decoding="async"
        />
      ) : (
        // The poster (or first frame) and length; the player is on the detail page.
        <VideoStill media={first} />
      )}
      {first.kind === 'video' ? (
        <span className={`${styles.badge} ${styles.play}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor">
            <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
          </svg>
        </span>
      ) : null}
      {post.media.length > 1 ? (
        <span className={`${styles.badge} ${styles.stack}`} aria-hidden="true">
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          >
            <rect x="8" y="8" width="13" height="13" rx="2" />
            <path d="M16 4H5a2 2 0 0 0-2 2v11" />
          </svg>
        </span>
      ) : null}
      {price ? <span className={styles.price}>{price}</span> : null}
    </Link>
  );
}

/** A grey square in the place of a tile while the first page loads. */
export function MediaTileSkeleton() {
  return (
    <span className={styles.tile}>
      <Skeleton height="100%" radius={0} />
    </span>
  );
}
