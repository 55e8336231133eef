/**
 * How the feed shows its posts (ADR 047): cards one below the other, or a grid
 * of photo tiles. The student's choice is a cookie, so the server draws the
 * first posts of /home the way the app then draws them (ADR 045).
 */

export const FEED_VIEWS = ['list', 'grid'] as const;
export type FeedView = (typeof FEED_VIEWS)[number];

/** The cookie that keeps the choice: not a secret, read by the page's script and the server. */
export const FEED_VIEW_COOKIE = 'quad_feed_view';

/** A year: the choice outlives sessions on this browser. */
export const FEED_VIEW_MAX_AGE_S = 365 * 24 * 60 * 60;

export const FEED_VIEW_MESSAGES = {
  label: 'Show posts as',
  list: 'List',
  grid: 'Grid',
  /** The title of a listing without text. */
  untitled: 'Listing',
} as const;

/** The view a cookie value names; the list for anything else. */
export function feedViewOf(value: string | null | undefined): FeedView {
  return value === 'grid' ? 'grid' : 'list';
}

/** The view a `Cookie` header (or `document.cookie`) keeps; the list when none. */
export function feedViewFromCookies(cookies: string): FeedView {
  for (const pair of cookies.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === FEED_VIEW_COOKIE) return feedViewOf(value);
  }
  return 'list';
}
