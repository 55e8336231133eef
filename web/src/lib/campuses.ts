import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampusId } from '@common/campus-rules';
import type { CampusDto } from '@common/schemas/campus';
import { api } from './api';
import { useCampus } from './campus';

/**
 * Other campuses, from the server (GET /api/campuses): a campus an operator
 * adds with `npm run campus -- add` shows up here without a new build (ADR 054,
 * 057). The site's own campus comes with the page (useCampus).
 */

/** How long a list of schools is fresh: a campus added is read again within this. */
const SCHOOLS_FRESH_MS = 5 * 60_000;

/** The schools matching `q` (every open school when it is empty), in the school finder's order. */
export async function getCampuses(q: string, signal?: AbortSignal): Promise<CampusDto[]> {
  const query = q.trim();
  const path = query ? `/api/campuses?q=${encodeURIComponent(query)}` : '/api/campuses';
  const body = await api<{ items: CampusDto[] }>(path, { signal });
  return body.items;
}

/** Every open school (the generic site left out): the welcome grid, the pickers, About. */
export const schoolsQueryOptions = () =>
  queryOptions({
    queryKey: ['campuses', 'schools'] as const,
    queryFn: ({ signal }) => getCampuses('', signal),
    staleTime: SCHOOLS_FRESH_MS,
  });

export const useSchools = () => useQuery(schoolsQueryOptions());

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
    staleTime: SCHOOLS_FRESH_MS,
  });
}

/** Keeps the previous results on screen while the next query loads, so typing never flashes skeletons. */
export function useCampuses(q: string) {
  return useQuery({ ...campusesQueryOptions(q), placeholderData: keepPreviousData });
}

/** The school finder's match, as the server's: id, short name, school name or city. */
export function matchesSchool(campus: CampusDto, query: string): boolean {
  const q = query.trim().toLowerCase();
  return (
    !q ||
    [campus.id, campus.name, campus.schoolName, campus.city].some((field) =>
      field.toLowerCase().includes(q),
    )
  );
}

/**
 * The campus of that id: this site's own at once, another from the list of
 * schools. Undefined while the list loads, and for a campus it does not hold
 * (the generic site, a closed campus, an unknown id): callers say it in
 * words that name no campus.
 */
export function useCampusById(id: CampusId | null | undefined): CampusDto | undefined {
  const site = useCampus();
  const other = Boolean(id) && id !== site.id;
  const schools = useQuery({ ...schoolsQueryOptions(), enabled: other });
  if (!id) return undefined;
  if (!other) return site;
  return schools.data?.find((c) => c.id === id);
}
