import { useEffect, useRef } from 'react';
import type { PostDto } from '@common/schemas/posts';
import { MESSAGES } from '@common/messages';
import { Spinner } from '../ui/Spinner';
import { PostCard, PostCardSkeleton } from './PostCard';
import styles from './InfiniteList.module.css';

interface Props {
  posts: PostDto[];
  pending: boolean;
  hasNextPage: boolean;
  fetchingNext: boolean;
  fetchNextPage(): void;
  empty: React.ReactNode;
  label: string;
}

/** A list of post cards that loads the next page ~250 px before its end (spec core §4 Feed paging). */
export function InfiniteList({
  posts,
  pending,
  hasNextPage,
  fetchingNext,
  fetchNextPage,
  empty,
  label,
}: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef({ hasNextPage, fetchingNext, fetchNextPage });
  more.current = { hasNextPage, fetchingNext, fetchNextPage };

  useEffect(() => {
    const node = sentinel.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasNextPage: next, fetchingNext: busy, fetchNextPage: load } = more.current;
        if (entries.some((e) => e.isIntersecting) && next && !busy) load();
      },
      { rootMargin: '0px 0px 250px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [pending]);

  if (pending) {
    return (
      <div className={styles.list} aria-busy="true" aria-label={label}>
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }
  if (posts.length === 0) return <>{empty}</>;
  return (
    <div className={styles.list}>
      <ul className={styles.items} aria-label={label}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel} />
      {fetchingNext ? (
        <Spinner />
      ) : hasNextPage ? null : (
        <p className={styles.end}>{MESSAGES.feedEnd}</p>
      )}
    </div>
  );
}
