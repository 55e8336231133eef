import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { popularSearchesSchema, Suggestions } from '@common/schemas/search';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { searchKeys } from './search-keys';

type PopularSearches = z.infer<typeof popularSearchesSchema>;

/**
 * Suggestions while typing (GET /api/search/suggestions). A newer query
 * aborts the request of an outdated one (TanStack Query's signal); the last
 * list stays on screen until the next arrives.
 */
export function useSuggestions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) =>
      api<Suggestions>(`/api/search/suggestions?q=${encodeURIComponent(q)}`, { signal }),
    enabled: enabled && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The campus's most viewed queries (GET /api/search/popular); the dropdown shows 4. */
export function usePopularSearches(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.popular,
    queryFn: ({ signal }) => api<PopularSearches>('/api/search/popular', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
