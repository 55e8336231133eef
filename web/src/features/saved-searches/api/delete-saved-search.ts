import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { savedSearchesKey } from '../../../lib/saved-search-keys';
import type { SavedSearches } from './get-saved-searches';

/** DELETE /api/me/saved-searches/:id. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/me/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) =>
      queryClient.setQueryData<SavedSearches>(savedSearchesKey, (list) =>
        list ? { items: list.items.filter((s) => s.id !== id) } : list,
      ),
  });
}
