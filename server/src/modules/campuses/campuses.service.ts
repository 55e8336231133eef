import { type Campus, campusUrl, GENERIC_CAMPUS_ID, type SiteCampus } from '@common/campuses';
import { spotsOf } from '@common/meetup-spots';
import type { CampusDto } from '@common/schemas/campus';
import { campusLogoPath } from './campuses.logo';
import type { CampusRegistry } from './campuses.registry';

/** Campuses come from the campus registry (ADR 054). */
export interface CampusService {
  /** The campus as the API shows it, with its site's address. */
  present(campus: Campus & { logoMediaId?: string | null }): CampusDto;
  /** The school finder: matches short name, school name or city, open campuses only. */
  search(query: string): CampusDto[];
  /** The campus of that id, if there is one. */
  get(id: string): SiteCampus | undefined;
  /** Every campus, retired ones included. */
  all(): readonly SiteCampus[];
  /** The campus of that id, else the default campus. */
  getOrDefault(id: string | null | undefined): SiteCampus;
}

/** Builds the CampusService. */
export function createCampusService(registry: CampusRegistry, publicUrl: string): CampusService {
  const present = (campus: Campus & { logoMediaId?: string | null }): CampusDto => {
    const logoUrl = campusLogoPath({ id: campus.id, logoMediaId: campus.logoMediaId ?? null });
    return {
      id: campus.id,
      name: campus.name,
      productName: campus.productName,
      schoolName: campus.schoolName,
      city: campus.city,
      state: campus.state,
      emailDomains: campus.emailDomains,
      theme: campus.theme,
      instagram: campus.instagram,
      supportEmail: campus.supportEmail,
      privacy: campus.privacy,
      spots: spotsOf(campus),
      url: campusUrl(publicUrl, campus.id),
      ...(logoUrl ? { logoUrl } : {}),
    };
  };
  return {
    present,
    search(query: string): CampusDto[] {
      const q = query.trim().toLowerCase();
      return registry
        .all()
        .filter((c) => c.id !== GENERIC_CAMPUS_ID && c.status !== 'closed')
        .filter(
          (c) =>
            !q ||
            [c.id, c.name, c.schoolName, c.city].some((field) => field.toLowerCase().includes(q)),
        )
        .map(present);
    },
    get: (id) => registry.get(id),
    all: () => registry.all(),
    getOrDefault: (id) => registry.getOrDefault(id),
  };
}
