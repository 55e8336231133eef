import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampusDto } from '@common/schemas/campus';
import { api } from '../../../lib/api';

/**
 * Every school with its own site's URL (the URL depends on the deployment, so
 * it comes from the server, not from the registry in common/).
 */
export async function getSchools(signal?: AbortSignal): Promise<CampusDto[]> {
  const body = await api<{ items: CampusDto[] }>('/api/campuses', { signal });
  return body.items;
}

export const schoolsQueryOptions = () =>
  queryOptions({
    queryKey: ['welcome', 'schools'] as const,
    queryFn: ({ signal }) => getSchools(signal),
    staleTime: 10 * 60_000,
  });

export const useSchools = () => useQuery(schoolsQueryOptions());
