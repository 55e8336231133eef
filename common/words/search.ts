/*
 * Words and limits of search that the web shows, apart from the schemas
 * (schemas/search.ts re-exports them): a page importing these does not
 * evaluate zod (docs/benchmarks.md, Web).
 */
/** The search screen's words and alerts, and Quad's saved-search wording (ADR 010). */
export const SEARCH_MESSAGES = {
  placeholder: (productName: string) => `Search ${productName}`,
  popular: 'Popular searches',
  recent: 'My Recent',
  clearAll: 'Clear all',
  tryKeywords: 'Try searching for keywords',
  clearTitle: 'Clear all recent searches?',
  clearText: "This can't be undone and you'll remove all your recent searches.",
  clear: 'Clear',
  cancel: 'Cancel',
  noUsers: 'No Users',
  noResults: (query: string) => `No results for "${query}"`,
  startTyping: 'Start typing to search…',
  /** The sign-in prompt's reason: searching a private campus needs sign-in. */
  signInReason: 'Start searching.',
  recentRemoved: 'Recent Search Removed',
  historyCleared: 'Search History Cleared',
  alreadyAdded: 'That query has already been added.',
  alertMe: 'Alert me',
  alertSaved: 'Search saved. We’ll tell you when something new matches.',
  alertExists: 'You already have an alert for this search.',
  alertDeleted: 'Saved search deleted',
  alertPaused: 'Alerts paused',
  alertResumed: 'Alerts resumed',
  tooManyAlerts: 'You can save up to 25 searches.',
} as const;

export const SEARCH_TABS = ['latest', 'media', 'people'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** Longest query accepted; longer ones are refused with a 400. */
export const SEARCH_QUERY_MAX = 100;
/** Saved searches per student. */
export const SAVED_SEARCHES_MAX = 25;
