import { useMutation } from '@tanstack/react-query';
import type { AlertEmail, SavedSearchDto } from '@common/schemas/search';
import { api } from '../../../lib/api';

export interface NewSavedSearch {
  query: string;
  show: 'latest' | 'media';
  email: AlertEmail;
}

/** "Alert me": POST /api/me/saved-searches; a 409 says the alert exists already. */
export function useCreateSavedSearch() {
  return useMutation({
    mutationFn: (body: NewSavedSearch) =>
      api<SavedSearchDto>('/api/me/saved-searches', { method: 'POST', json: body }),
  });
}
