import { type CampusId, GENERIC_CAMPUS_ID as GENERIC_ID } from './campus-rules';
import type { MeetupSpot } from './meetup-spots/types';

/**
 * The campuses Quad was built with: every site, with its branding, school
 * e-mail domains and contact details. The server reads campuses from its
 * database (ADR 054), seeded with these eight; the web app reads campuses
 * from the server (ADR 057) and imports common/campus-rules.ts instead. Ids are fixed forever:
 * they are stored on users and posts.
 */
export const CAMPUS_IDS = ['ou', 'ut', 'smu', 'uf', 'ucla', 'stanford', 'duke', 'campus'] as const;
/** One of the eight compiled campuses. */
export type SeededCampusId = (typeof CAMPUS_IDS)[number];
export {
  CAMPUS_ID_PATTERN,
  type CampusId,
  isSchoolEmail,
  isSchoolEmailDomain,
} from './campus-rules';

/** 'read_only': students read, nothing is written; 'closed': the site is gone (ADR 054). */
export type CampusStatus = 'active' | 'read_only' | 'closed';

/** The generic multi-campus site that sends newcomers to pick a school. */
export const GENERIC_CAMPUS_ID: SeededCampusId = GENERIC_ID;
/** Unknown hosts fall back to this campus. */
export const FALLBACK_CAMPUS_ID: SeededCampusId = 'ou';
/** The largest campus: its feed is ranked by feed_score, the others by newest activity. */
export const RANKED_CAMPUS_ID: SeededCampusId = 'ou';

export interface CampusTheme {
  /** Main brand colour: header accents, buttons, links. */
  primary: string;
  /** Text colour on top of `primary`. */
  onPrimary: string;
  /** Secondary brand colour used for highlights. */
  accent: string;
}

export interface Campus {
  id: CampusId;
  /** Short name as students say it: "OU". */
  name: string;
  /** The product's name on this site: "OU Buy / Sell". */
  productName: string;
  /** The school's full name, for the school finder. */
  schoolName: string;
  /** City label of the group card. */
  city: string;
  state: string;
  /**
   * School e-mail domains, each accepted as written: a sub-domain (alumni,
   * a department) only when it is listed here too (ADR 040).
   */
  emailDomains: readonly string[];
  theme: CampusTheme;
  instagram: string;
  supportEmail: string;
  /** Every campus is private: signed-out visitors see no content. */
  privacy: 'private';
  /**
   * Its feed is ranked by feed_score: set by the server's registry (ADR 054);
   * a compiled campus leaves it to RANKED_CAMPUS_ID.
   */
  rankedFeed?: boolean;
  /** Its meetup spots, from the server's registry; a compiled campus's are in common/meetup-spots. */
  spots?: readonly MeetupSpot[];
}

/** A campus as the server holds it (ADR 054): its state, feed order, logo and meetup spots. */
export interface SiteCampus extends Campus {
  status: CampusStatus;
  /** The campus of a host that names none. */
  isDefault: boolean;
  /** Its feed is ranked by feed_score; the others list newest activity first. */
  rankedFeed: boolean;
  /** Its uploaded logo; null draws the monogram. */
  logoMediaId: string | null;
  /** Its public exchange spots (ADR 026), in order. */
  spots: readonly MeetupSpot[];
}

function campus(c: Omit<Campus, 'productName' | 'privacy'>): Campus {
  return { ...c, productName: `${c.name} Buy / Sell`, privacy: 'private' };
}

export const CAMPUSES: Readonly<Record<SeededCampusId, Campus>> = {
  ou: campus({
    id: 'ou',
    name: 'OU',
    schoolName: 'University of Oklahoma',
    city: 'Norman, Oklahoma',
    state: 'OK',
    emailDomains: ['ou.edu', 'alumni.ou.edu'],
    theme: { primary: '#841617', onPrimary: '#ffffff', accent: '#fdf9d8' },
    instagram: 'oubuysell',
    supportEmail: 'ou@quadcampus.app',
  }),
  ut: campus({
    id: 'ut',
    name: 'UT',
    schoolName: 'The University of Texas at Austin',
    city: 'Austin, Texas',
    state: 'TX',
    emailDomains: [
      'utexas.edu',
      'alumni.utexas.edu',
      'eid.utexas.edu',
      'utdallas.edu',
      'uta.edu',
      'utsa.edu',
      'utep.edu',
      'utrgv.edu',
      'utpb.edu',
      'uttyler.edu',
      'utmb.edu',
      'utsouthwestern.edu',
      'uthscsa.edu',
      'uth.edu',
    ],
    theme: { primary: '#bf5700', onPrimary: '#ffffff', accent: '#333f48' },
    instagram: 'utbuysell',
    supportEmail: 'ut@quadcampus.app',
  }),
  smu: campus({
    id: 'smu',
    name: 'SMU',
    schoolName: 'Southern Methodist University',
    city: 'Dallas, Texas',
    state: 'TX',
    emailDomains: ['smu.edu', 'alumni.smu.edu'],
    theme: { primary: '#cc0035', onPrimary: '#ffffff', accent: '#354ca1' },
    instagram: 'smubuysell',
    supportEmail: 'smu@quadcampus.app',
  }),
  uf: campus({
    id: 'uf',
    name: 'UF',
    schoolName: 'University of Florida',
    city: 'Gainesville, Florida',
    state: 'FL',
    emailDomains: ['ufl.edu', 'alumni.ufl.edu'],
    theme: { primary: '#0021a5', onPrimary: '#ffffff', accent: '#fa4616' },
    instagram: 'ufbuysell',
    supportEmail: 'uf@quadcampus.app',
  }),
  ucla: campus({
    id: 'ucla',
    name: 'UCLA',
    schoolName: 'University of California, Los Angeles',
    city: 'Los Angeles, California',
    state: 'CA',
    emailDomains: ['ucla.edu', 'g.ucla.edu', 'alumni.ucla.edu'],
    theme: { primary: '#2774ae', onPrimary: '#ffffff', accent: '#ffd100' },
    instagram: 'uclabuysell',
    supportEmail: 'ucla@quadcampus.app',
  }),
  stanford: campus({
    id: 'stanford',
    name: 'Stanford',
    schoolName: 'Stanford University',
    city: 'Stanford, California',
    state: 'CA',
    emailDomains: ['stanford.edu', 'alumni.stanford.edu', 'cs.stanford.edu'],
    theme: { primary: '#8c1515', onPrimary: '#ffffff', accent: '#175e54' },
    instagram: 'stanfordbuysell',
    supportEmail: 'stanford@quadcampus.app',
  }),
  duke: campus({
    id: 'duke',
    name: 'Duke',
    schoolName: 'Duke University',
    city: 'Durham, North Carolina',
    state: 'NC',
    emailDomains: ['duke.edu', 'alumni.duke.edu'],
    theme: { primary: '#012169', onPrimary: '#ffffff', accent: '#c84e00' },
    instagram: 'dukebuysell',
    supportEmail: 'duke@quadcampus.app',
  }),
  campus: campus({
    id: 'campus',
    name: 'Campus',
    schoolName: 'Campus Buy / Sell',
    city: 'Colleges across the US',
    state: 'US',
    emailDomains: [],
    theme: { primary: '#4338ca', onPrimary: '#ffffff', accent: '#0ea5e9' },
    instagram: 'campusbuysell',
    supportEmail: 'support@quadcampus.app',
  }),
};

/** The real schools, in the order the school finder lists them. */
export const SCHOOLS: readonly Campus[] = CAMPUS_IDS.filter((id) => id !== GENERIC_CAMPUS_ID).map(
  (id) => CAMPUSES[id],
);

/** True for one of the eight compiled campuses (the server asks its registry instead). */
export function isCampusId(value: unknown): value is SeededCampusId {
  return typeof value === 'string' && (CAMPUS_IDS as readonly string[]).includes(value);
}

/** The compiled campus of that id, if it is one of the eight. */
export function compiledCampus(id: string | null | undefined): Campus | undefined {
  return isCampusId(id) ? CAMPUSES[id] : undefined;
}

/** The compiled campus of that id, else the fallback campus (OU). */
export function compiledCampusOrFallback(id: string | null | undefined): Campus {
  return compiledCampus(id) ?? CAMPUSES[FALLBACK_CAMPUS_ID];
}

/** Whether the campus's feed is ranked (ADR 054), from the registry or the compiled rule. */
export function hasRankedFeed(campus: Campus): boolean {
  return campus.rankedFeed ?? campus.id === RANKED_CAMPUS_ID;
}

export function getCampus(id: SeededCampusId): Campus {
  return CAMPUSES[id];
}

/**
 * The campus id a host name names: the label before `.{baseDomain}`
 * (`ut.localhost:3000` names `ut`), or null.
 */
export function hostCampusLabel(host: string | undefined, baseDomain: string): string | null {
  const hostname = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const base = baseDomain.toLowerCase();
  return hostname.endsWith(`.${base}`) ? hostname.slice(0, -(base.length + 1)) : null;
}

/**
 * The compiled campus a host name serves: `{id}.{baseDomain}`; anything else,
 * bare base domain included, is OU.
 */
export function campusForHost(host: string | undefined, baseDomain: string): Campus {
  const label = hostCampusLabel(host, baseDomain);
  return isCampusId(label) ? CAMPUSES[label] : CAMPUSES[FALLBACK_CAMPUS_ID];
}

/** The site URL of a campus, derived from the deployment's public URL. */
export function campusUrl(publicUrl: string, id: CampusId): string {
  const url = new URL(publicUrl);
  url.hostname = `${id}.${url.hostname.replace(/^www\./, '')}`;
  return url.origin;
}

/** Every campus's school domains, shortest first: a sub-domain folds into its school's. */
let SCHOOL_DOMAINS: readonly string[] = [];

/**
 * Sets the school domains `mailboxOf` folds sub-domains into: the compiled
 * campuses' until the server's registry (ADR 054) hands the stored ones.
 */
export function setSchoolDomains(domains: Iterable<string>): void {
  SCHOOL_DOMAINS = [...new Set(domains)].sort((a, b) => a.length - b.length);
}
setSchoolDomains(Object.values(CAMPUSES).flatMap((c) => c.emailDomains));

/**
 * The mailbox an address reaches, for telling one student from two (ADR 040):
 * lower case, without a `+tag`, and a school's sub-domain read as the
 * school's domain (jane+2@alumni.ou.edu is jane@ou.edu). Stored beside the
 * address for uniqueness and bans; the address itself is what mail goes to.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  const box = plus > 0 ? local.slice(0, plus) : local;
  const domain = address.slice(at + 1);
  const school = SCHOOL_DOMAINS.find((d) => domain === d || domain.endsWith(`.${d}`));
  return `${box}@${school ?? domain}`;
}

/** Case-insensitive school finder match on id, short name, school name or city. */
export function findSchools(query: string): Campus[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...SCHOOLS];
  return SCHOOLS.filter((c) =>
    [c.id, c.name, c.schoolName, c.city].some((field) => field.toLowerCase().includes(q)),
  );
}
