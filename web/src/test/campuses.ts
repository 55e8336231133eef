import { CAMPUSES, type SeededCampusId } from '@common/campuses';
import type { CampusDto } from '@common/schemas/campus';

/**
 * Campuses for component tests (ADR 057): a compiled one as the server
 * presents it, and Rice, one an operator added with `npm run campus -- add`
 * that no build of the web app knows.
 */

export const siteOf = (id: SeededCampusId): CampusDto => ({
  ...CAMPUSES[id],
  url: `http://${id}.localhost:3000`,
});

export const RICE: CampusDto = {
  id: 'rice',
  name: 'Rice',
  productName: 'Rice Buy / Sell',
  schoolName: 'Rice University',
  city: 'Houston, Texas',
  state: 'TX',
  emailDomains: ['rice.edu'],
  theme: { primary: '#00205b', onPrimary: '#ffffff', accent: '#7c7e7f' },
  instagram: 'ricebuysell',
  supportEmail: 'rice@quadcampus.app',
  privacy: 'private',
  spots: [],
  url: 'http://rice.localhost:3000',
};

/**
 * A fetch that answers GET /api/campuses with `schools` (filtered by ?q= as the
 * server does) and every other call with `other`; `calls` lists the paths asked.
 */
export function campusesFetch(
  schools: CampusDto[],
  other: (url: URL) => Response = () =>
    Response.json({ error: { code: 'not_found' } }, { status: 404 }),
) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(
      String(input instanceof Request ? input.url : input),
      'http://campus.localhost',
    );
    calls.push(url.pathname + url.search);
    if (url.pathname !== '/api/campuses') return other(url);
    const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
    const items = schools.filter(
      (c) => !q || [c.id, c.name, c.schoolName, c.city].some((f) => f.toLowerCase().includes(q)),
    );
    return Response.json({ items });
  };
  return { fetch, calls };
}
