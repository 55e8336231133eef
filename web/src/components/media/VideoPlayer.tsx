import { useState } from 'react';
import { MEDIA_ALT_MESSAGES } from '@common/words/posts';
import type { MediaDto } from '@common/schemas/posts';
import { formatDuration } from '../../lib/video-poster';
import styles from './VideoPlayer.module.css';

/**
 * A post's video (ADR 060): its poster frame shows until it plays, the box
 * takes the poster's width and height before anything loads (no layout
 * shift), and its length sits over the corner until it plays.
 */
export function VideoPlayer({
  media,
  className,
  label,
}: {
  media: MediaDto;
  className?: string;
  /** The player's accessible name; its length is added. */
  label?: string;
}) {
  const [played, setPlayed] = useState(false);
  const duration = media.durationMs ? formatDuration(media.durationMs) : null;
  const name = [label, duration ? MEDIA_ALT_MESSAGES.videoLength(duration) : null]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={styles.player}>
      <video
        className={className}
        src={media.url}
        poster={media.posterUrl ?? undefined}
        width={media.width || undefined}
        height={media.height || undefined}
        controls
        playsInline
        preload={media.posterUrl ? 'none' : 'metadata'}
        aria-label={name || undefined}
        onPlay={() => setPlayed(true)}
      />
      {duration && !played ? <DurationBadge duration={duration} top /> : null}
    </div>
  );
}

/**
 * "0:42" over a video's poster or thumbnail: for the eye; the name says it to
 * a reader. At the top over a player (its controls are at the bottom), at the
 * bottom right over a tile (a tile's other badges are at the top and bottom left).
 */
export function DurationBadge({ duration, top = false }: { duration: string; top?: boolean }) {
  return (
    <span
      className={`${styles.duration} ${top ? styles.top : ''}`}
      data-testid="video-duration"
      aria-hidden="true"
    >
      {duration}
    </span>
  );
}

/**
 * A video as a still in a tile (the media grid, a listing card): its poster
 * thumbnail with its length, or the video's first frame when it has no poster.
 */
export function VideoStill({ media }: { media: MediaDto }) {
  const duration = media.durationMs ? formatDuration(media.durationMs) : null;
  return (
    <>
      {media.posterUrl ? (
        <img
          src={media.thumbUrl}
          alt=""
          width={media.width || undefined}
          height={media.height || undefined}
          loading="lazy"
          decoding="async"
        />
      ) : (
        // No poster (a browser that could not decode it): the first frame stands in.
        <video src={`${media.url}#t=0.1`} muted playsInline preload="metadata" aria-hidden />
      )}
      {duration ? <DurationBadge duration={duration} /> : null}
    </>
  );
}
