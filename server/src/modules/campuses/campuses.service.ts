import { type Campus, campusUrl, findSchools } from '@common/campuses';
import type { CampusDto } from '@common/schemas/campus';

/** Campuses come from the registry in common/, not the database. */
export function createCampusService(publicUrl: string) {
  const present = (campus: Campus): CampusDto => ({
    ...campus,
    url: campusUrl(publicUrl, campus.id),
  });
  return {
    present,
    /** The school finder: matches short name, school name or city. */
    search(query: string): CampusDto[] {
      return findSchools(query).map(present);
    },
  };
}
export type CampusService = ReturnType<typeof createCampusService>;
