import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCampus, AdminCampusInput } from '@common/schemas/admin-campuses';
import { api } from '../../../lib/api';

export const campusesKey = ['admin', 'campuses'] as const;

/** GET /api/admin/campuses: every campus, retired ones included (ADR 056). */
export function useAdminCampuses() {
  return useQuery({
    queryKey: campusesKey,
    queryFn: ({ signal }) => api<{ items: AdminCampus[] }>('/api/admin/campuses', { signal }),
    select: (data) => data.items,
  });
}

/** Add, edit and retire; each refreshes the list when it succeeds. */
export function useCampusChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: campusesKey });
  const add = useMutation({
    mutationFn: (input: AdminCampusInput) =>
      api<AdminCampus>('/api/admin/campuses', { method: 'POST', json: input }),
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: ({ id, ...changes }: AdminCampusInput) =>
      api<AdminCampus>(`/api/admin/campuses/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: changes,
      }),
    onSuccess,
  });
  const retire = useMutation({
    mutationFn: (id: string) =>
      api<AdminCampus>(`/api/admin/campuses/${encodeURIComponent(id)}/retire`, { method: 'POST' }),
    onSuccess,
  });
  return { add, edit, retire };
}
