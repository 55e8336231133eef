/**
 * What every member of a campus sees alike, dropped whenever the campus's
 * posts come or go (the posts cache, ADR 004, 014): ranked results and completions.
 */
export interface CampusCache {
  read<T>(campusId: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Drops everything kept of the campus, on every server (a moderator dropped a query). */
  forget(campusId: string): void;
}

export const uncached: CampusCache = {
  read: (_campusId, _key, load) => load(),
  forget: () => undefined,
};
