/** Business constants the server and the web app share: breakpoints, page sizes, limits. */
export const BREAKPOINTS = {
  /** Widths at or below this are mobile. */
  mobile: 769,
  /** Settings menu / tablet. */
  tablet: 1000,
  /** The sidebar collapses at or below this. */
  sidebar: 1170,
} as const;

/** A profile tab loads no next page for this long after asking for one. */
export const PROFILE_LOAD_MORE_COOLDOWN_MS = 1000;

export const PAGE_SIZES = {
  feed: 15,
  rankedFirstPage: 25,
  profileTab: 10,
  saved: 10,
  notifications: 15,
  messages: 15,
  search: 10,
  media: 15,
} as const;

export const POST_MAX_CHARS = 500;
export const POST_PREVIEW_CHARS = 200;
export const BIO_MAX_CHARS = 160;
export const PASSWORD_MAX_CHARS = 30;
