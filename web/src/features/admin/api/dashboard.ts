import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardQuery } from '@common/schemas/dashboard';
import { api } from '../../../lib/api';

/** GET /api/admin/dashboard: the operators' daily figures (ADR 055). */
export function useDashboard({ campus, days }: DashboardQuery) {
  return useQuery({
    queryKey: ['admin', 'dashboard', campus, days],
    queryFn: ({ signal }) =>
      api<Dashboard>(`/api/admin/dashboard?campus=${encodeURIComponent(campus)}&days=${days}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
