import { type ReactNode, useRef } from 'react';
import { MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { useLoadMore } from '../../lib/use-load-more';
import { Spinner } from '../ui/Spinner';
import { MediaTile, MediaTileSkeleton } from './MediaTile';
import styles from './MediaTile.module.css';

interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  pageCount: number;
}

/**
 * Posts with photos as a 3-column grid of tiles (the media gallery, a
 * profile's Photos): grey cells while the first page loads, the next page as
 * the end comes near, then "You've reached the end." — or `nextFailed` when
 * the next page could not come.
 */
export function MediaTileGrid({
  label,
  posts,
  pending,
  pager,
  empty,
  nextFailed,
  skeletons = 12,
  cooldownMs = 0,
}: {
  label: string;
  posts: PostDto[];
  pending: boolean;
  pager: Pager;
  empty: ReactNode;
  nextFailed?: ReactNode;
  skeletons?: number;
  /** No next page within this long after the last was asked for (a profile's photos). */
  cooldownMs?: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadMore(sentinel, pager, cooldownMs);
  if (pending) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label={label}>
        {Array.from({ length: skeletons }, (_, i) => (
          <MediaTileSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (posts.length === 0 && !pager.hasNextPage) return <>{empty}</>;
  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {posts.map((post) => (
          <li key={post.id}>
            <MediaTile post={post} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel} />
      {pager.isFetchingNextPage ? (
        <Spinner />
      ) : nextFailed ? (
        nextFailed
      ) : pager.hasNextPage ? null : (
        <p className={styles.end}>{MESSAGES.feedEnd}</p>
      )}
    </>
  );
}
