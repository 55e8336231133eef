import { startTransition, useEffect, useState } from 'react';

/** Posts the server draws into /home (ADR 045): enough to fill a phone's first screen and then some. */
export const FIRST_POSTS = 4;
/** Posts added by each later commit: two cards' commit stays a short task on a slow phone (ADR 071). */
const STEP = 2;

let serverDrew = false;

/** The page came with the server's first posts, which the app's first render replaces (main.tsx). */
export function markServerDrawnPosts(): void {
  serverDrew = true;
}

/**
 * How many of a list's `count` posts to draw: all of them, except in the list
 * that replaces the server's first posts. That one draws as many as the
 * server did in its first commit, then a few more per commit, each its own
 * task, until all are in: one commit of a whole page of cards was the longest
 * task of the first load on a phone (docs/benchmarks.md, "The first page in
 * small commits"). Only the first list of the page load does so, so a page
 * returned to later draws whole and its scroll position can be restored.
 */
export function usePostsShown(count: number): number {
  const [shown, setShown] = useState(() => {
    if (!serverDrew) return Infinity;
    serverDrew = false;
    return count > FIRST_POSTS ? FIRST_POSTS : Infinity;
  });
  useEffect(() => {
    if (shown >= count) return;
    // Once the page is in, the list draws whole again: later pages come at once.
    const next = (n: number) => (n + STEP >= count ? Infinity : n + STEP);
    const timer = setTimeout(() => startTransition(() => setShown(next)), 0);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return shown;
}
