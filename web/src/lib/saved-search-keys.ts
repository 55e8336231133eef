/**
 * The query key of the viewer's saved searches: the settings page reads it,
 * and "Alert me" on search results invalidates it after saving.
 */
export const savedSearchesKey = ['saved-searches'] as const;
