import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { recentSearchesSchema } from '@common/schemas/search';
import { SEARCH_MESSAGES } from '@common/words/search';
import type { z } from 'zod';
import { useAlert } from '../../../components/ui/Alerts';
import { api, ApiError } from '../../../lib/api';
import { searchKeys } from './search-keys';

type RecentSearches = z.infer<typeof recentSearchesSchema>;

/** The viewer's recent queries, newest first (GET /api/me/searches); off for guests. */
export function useRecentSearches(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.recent,
    queryFn: ({ signal }) => api<RecentSearches>('/api/me/searches', { signal }),
    enabled,
  });
}

/**
 * Records a submitted search (POST /api/me/searches). Its message ("That
 * query has already been added.") is not shown: it would nag at every repeat.
 */
export function useRecordSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<unknown>('/api/me/searches', { method: 'POST', json: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchKeys.recent }),
  });
}

function useRecentWrite(request: (id?: string) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  const alert = useAlert();
  return useMutation({
    mutationFn: request,
    onSuccess: () => alert({ msg: done, alertType: 'success' }),
    onError: (error) =>
      alert({
        msg: error instanceof ApiError ? error.message : String(error),
        alertType: 'danger',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchKeys.recent }),
  });
}

/** DELETE /api/me/searches/:id, then "Recent Search Removed". */
export function useRemoveRecentSearch() {
  return useRecentWrite(
    (id) => api<void>(`/api/me/searches/${encodeURIComponent(id ?? '')}`, { method: 'DELETE' }),
    SEARCH_MESSAGES.recentRemoved,
  );
}

/** DELETE /api/me/searches, then "Search History Cleared". */
export function useClearRecentSearches() {
  return useRecentWrite(
    () => api<void>('/api/me/searches', { method: 'DELETE' }),
    SEARCH_MESSAGES.historyCleared,
  );
}
