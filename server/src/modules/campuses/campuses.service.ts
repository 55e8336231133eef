import { type Campus, campusUrl, findSchools } from '@common/campuses';
import type { CampusDto } from '@common/schemas/campus';

/** Campuses come from the registry in common/, not the database. */
export interface CampusService {
  /** The campus as the API shows it, with its site's address. */
  present(campus: Campus): CampusDto;
  /** The school finder: matches short name, school name or city. */
  search(query: string): CampusDto[];
}

/** Builds the CampusService. */
export function createCampusService(publicUrl: string): CampusService {
  const present = (campus: Campus): CampusDto => ({
    ...campus,
    url: campusUrl(publicUrl, campus.id),
  });
  return {
    present,
    search(query: string): CampusDto[] {
      return findSchools(query).map(present);
    },
  };
}
