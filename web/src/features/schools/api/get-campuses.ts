import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampusDto } from '@common/schemas/campus';
import { api } from '../../../lib/api';

/** The school finder: the seven schools matching `q` (all of them when it is empty). */
export async function getCampuses(q: string, signal?: AbortSignal): Promise<CampusDto[]> {
  const query = q.trim();
  const path = query ? `/api/campuses?q=${encodeURIComponent(query)}` : '/api/campuses';
  const body = await api<{ items: CampusDto[] }>(path, { signal });
  return body.items;
}

export interface CampusResults {
  /** The (trimmed) query these results answer, so a kept previous page still names its own query. */
  query: string;
  items: CampusDto[];
}

export function campusesQueryOptions(q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: ['campuses', { q: query }] as const,
    queryFn: async ({ signal }): Promise<CampusResults> => ({
      query,
      items: await getCampuses(query, signal),
    }),
    // The registry changes only with a deploy.
    staleTime: 10 * 60_000,
  });
}

/** Keeps the previous results on screen while the next query loads, so typing never flashes skeletons. */
export function useCampuses(q: string) {
  return useQuery({ ...campusesQueryOptions(q), placeholderData: keepPreviousData });
}
