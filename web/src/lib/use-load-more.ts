import { type RefObject, useEffect, useRef, useState } from 'react';

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
 * of the viewport. The observer is renewed after every page,
 * so a sentinel that is still in view after a short page loads the next one
 * too instead of stalling. With `cooldownMs`, no page is asked for within that
 * long after the last one was (a profile's 1 s);
 * the sentinel is looked at again when the time is up.
 */
export function useLoadMore(
  sentinel: RefObject<HTMLElement | null>,
  pager: Pager,
  cooldownMs = 0,
): void {
  const latest = useRef(pager);
  latest.current = pager;
  const { pageCount, isFetchingNextPage, hasNextPage } = pager;
  const [coolingDown, setCoolingDown] = useState(false);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || coolingDown) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasNextPage: more, isFetchingNextPage: busy, fetchNextPage } = latest.current;
        if (!entries.some((e) => e.isIntersecting) || !more || busy) return;
        if (cooldownMs > 0) {
          observer.disconnect();
          setCoolingDown(true);
        }
        void fetchNextPage();
      },
      { rootMargin: `0px 0px ${LOOKAHEAD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [sentinel, pageCount, isFetchingNextPage, hasNextPage, coolingDown, cooldownMs]);

  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), cooldownMs);
    return () => clearTimeout(timer);
  }, [coolingDown, cooldownMs]);
}
