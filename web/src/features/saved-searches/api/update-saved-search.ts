import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchDto, updateSavedSearchSchema } from '@common/schemas/search';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { savedSearchesKey } from '../../../lib/saved-search-keys';
import type { SavedSearches } from './get-saved-searches';

export type SavedSearchChange = z.infer<typeof updateSavedSearchSchema>;

/** PATCH /api/me/saved-searches/:id: pause, resume, or choose its e-mail. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SavedSearchChange }) =>
      api<SavedSearchDto>(`/api/me/saved-searches/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: (updated) =>
      queryClient.setQueryData<SavedSearches>(savedSearchesKey, (list) =>
        list ? { items: list.items.map((s) => (s.id === updated.id ? updated : s)) } : list,
      ),
  });
}
