import { type RefObject, useEffect, useRef } from 'react';

const LOOKAHEAD_PX = 250;

interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  /** Pages loaded so far: each new page re-checks the sentinel. */
  pageCount: number;
}

/**
 * Loads the next page when `sentinel` comes within about 250 px of the bottom
 * of the viewport (companion spec §9). The observer is renewed after every
 * page, so a sentinel that is still in view after a short page loads the next
 * one too instead of stalling.
 */
export function useLoadMore(sentinel: RefObject<HTMLElement | null>, pager: Pager): void {
  const latest = useRef(pager);
  latest.current = pager;
  const { pageCount, isFetchingNextPage, hasNextPage } = pager;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasNextPage: more, isFetchingNextPage: busy, fetchNextPage } = latest.current;
        if (entries.some((e) => e.isIntersecting) && more && !busy) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${LOOKAHEAD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [sentinel, pageCount, isFetchingNextPage, hasNextPage]);
}
