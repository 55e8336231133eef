import { queryOptions, useQuery } from '@tanstack/react-query';
import type { savedSearchesSchema } from '@common/schemas/search';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { savedSearchesKey } from '../../../lib/saved-search-keys';

export type SavedSearches = z.infer<typeof savedSearchesSchema>;

/** GET /api/me/saved-searches: the viewer's saved searches, newest first. */
export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchesKey,
    queryFn: () => api<SavedSearches>('/api/me/saved-searches'),
  });

export const useSavedSearches = () => useQuery(savedSearchesQueryOptions());
