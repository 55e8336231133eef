import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampusDto } from '@common/schemas/campus';
import { api } from '../../../lib/api';

/** The schools a student of the generic site can verify with (GET /api/campuses). */
export const schoolsQueryOptions = () =>
  queryOptions({
    queryKey: ['school-email', 'schools'] as const,
    queryFn: async ({ signal }) =>
      (await api<{ items: CampusDto[] }>('/api/campuses', { signal })).items,
    staleTime: 10 * 60_000,
  });

export const useSchools = () => useQuery(schoolsQueryOptions());
