import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertEmail, SavedSearchDto } from '@common/schemas/search';
import { api } from '../../../lib/api';
import { savedSearchesKey } from '../../../lib/saved-search-keys';

export interface NewSavedSearch {
  query: string;
  show: 'latest' | 'media';
  email: AlertEmail;
  /** The search's price filters (ADR 029): alerts only for listings within them. */
  minPrice?: number;
  maxPrice?: number;
  free?: boolean;
}

/** "Alert me": POST /api/me/saved-searches; a 409 says the alert exists already. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSavedSearch) =>
      api<SavedSearchDto>('/api/me/saved-searches', { method: 'POST', json: body }),
    // The settings list shows the new alert when it is next opened.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
