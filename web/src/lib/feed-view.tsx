import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import {
  FEED_VIEW_COOKIE,
  FEED_VIEW_MAX_AGE_S,
  type FeedView,
  feedViewFromCookies,
} from '@common/feed-view';

/**
 * The feed's view, list or grid (ADR 047), kept in a cookie so the server's
 * first posts of /home match the app's. The page (list or grid) and the shell
 * (wider in grid) read it through `useFeedView`.
 */

/** The view the server draws with: the request's cookie (`web/src/entry-server.tsx`). */
export const ServerFeedView = createContext<FeedView>('list');

const listeners = new Set<() => void>();
let current: FeedView | null = null;

function read(): FeedView {
  current ??= feedViewFromCookies(document.cookie);
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps `view` in the cookie and tells every reader. */
export function chooseFeedView(view: FeedView) {
  document.cookie = `${FEED_VIEW_COOKIE}=${view}; Path=/; Max-Age=${FEED_VIEW_MAX_AGE_S}; SameSite=Lax`;
  current = view;
  for (const listener of listeners) listener();
}

/** The feed's view and a way to change it. */
export function useFeedView(): [FeedView, (view: FeedView) => void] {
  const server = useContext(ServerFeedView);
  const view = useSyncExternalStore(subscribe, read, () => server);
  return [view, useCallback(chooseFeedView, [])];
}
