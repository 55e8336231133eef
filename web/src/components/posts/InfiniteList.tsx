import { type ReactNode, useRef } from 'react';
import type { PostDto } from '@common/schemas/posts';
import { MESSAGES } from '@common/messages';
import { usePostsShown } from '../../lib/first-posts';
import { useLoadMore } from '../../lib/use-load-more';
import { Spinner } from '../ui/Spinner';
import { ListingTile, ListingTileSkeleton } from './ListingTile';
import { PostCard, PostCardSkeleton } from './PostCard';
import styles from './InfiniteList.module.css';
import tiles from './ListingTile.module.css';

interface Props<T extends PostDto> {
  posts: T[];
  pending: boolean;
  hasNextPage: boolean;
  fetchingNext: boolean;
  fetchNextPage(): void;
  empty: ReactNode;
  label: string;
  /** No next page within this long after the last was asked for (a profile's tabs). */
  cooldownMs?: number;
  /** How each post shows, by its place in the list; a post card by default. */
  renderPost?: (post: T, index: number) => ReactNode;
  /** Photo tiles in columns instead of cards (the feed's grid, ADR 047). */
  grid?: boolean;
}

// The first post leads: its photos load before the rest (MediaGrid).
const card = (post: PostDto, index: number) => <PostCard post={post} lead={index === 0} />;
const tile = (post: PostDto, index: number) => <ListingTile post={post} lead={index === 0} />;

/**
 * A list of post cards (or, in a `grid`, tiles) that loads the next page ~250 px before its end, a
 * spinner at the bottom while it comes, then "You've
 * reached the end.".
 */
export function InfiniteList<T extends PostDto>({
  posts,
  pending,
  hasNextPage,
  fetchingNext,
  fetchNextPage,
  empty,
  label,
  cooldownMs = 0,
  renderPost = card,
  grid = false,
}: Props<T>) {
  const sentinel = useRef<HTMLDivElement>(null);
  const shown = usePostsShown(posts.length);
  const drawing = shown < posts.length;
  // Every page adds posts: their count renews the watch on the end of the list. While the
  // first posts are still being drawn the list has not reached its end: no next page yet,
  // and the watch starts once they are all in.
  useLoadMore(
    sentinel,
    {
      hasNextPage: hasNextPage && !drawing,
      isFetchingNextPage: fetchingNext,
      fetchNextPage,
      pageCount: posts.length,
    },
    cooldownMs,
  );

  if (pending) {
    return grid ? (
      <div className={tiles.wrap} aria-busy="true" aria-label={label}>
        <div className={tiles.grid}>
          {[1, 2, 3, 4, 5, 6].map((n) => (
            <ListingTileSkeleton key={n} />
          ))}
        </div>
      </div>
    ) : (
      <div className={styles.list} aria-busy="true" aria-label={label}>
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }
  if (posts.length === 0) return <>{empty}</>;
  const draw = grid ? tile : renderPost;
  return (
    <div className={`${styles.list} ${grid ? tiles.wrap : ''}`}>
      <ul className={grid ? tiles.grid : styles.items} aria-label={label}>
        {(drawing ? posts.slice(0, shown) : posts).map((post, index) => (
          <li key={post.id}>{draw(post, index)}</li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel} />
      {drawing ? null : fetchingNext ? (
        <Spinner />
      ) : hasNextPage ? null : (
        <p className={styles.end}>{MESSAGES.feedEnd}</p>
      )}
    </div>
  );
}
