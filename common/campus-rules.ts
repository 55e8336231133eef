/**
 * What a campus is without the compiled list (ADR 054, 057): the form of its
 * id, the generic site's id and the school e-mail rule. The web app reads
 * campuses from the server and imports this, not common/campuses.ts.
 */

/** A campus id: lowercase letters and digits, 2 to 20 of them (ADR 054). */
export type CampusId = string;
export const CAMPUS_ID_PATTERN = /^[a-z0-9]{2,20}$/;

/** True for a string of a campus id's form; whether the campus exists is the server's to say. */
export function isCampusIdForm(value: unknown): value is CampusId {
  return typeof value === 'string' && CAMPUS_ID_PATTERN.test(value);
}

/** The generic multi-campus site that sends newcomers to pick a school. */
export const GENERIC_CAMPUS_ID = 'campus';

/** What the school e-mail rule reads of a campus: its school domains. */
export interface SchoolDomains {
  /**
   * School e-mail domains, each accepted as written: a sub-domain (alumni,
   * a department) only when it is listed here too (ADR 040).
   */
  emailDomains: readonly string[];
}

/** True when the e-mail's domain is one the campus lists (a sub-domain only if listed itself). */
export function isSchoolEmailDomain(campus: SchoolDomains, email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  return campus.emailDomains.includes(email.slice(at + 1).toLowerCase());
}

/** School e-mail local parts: letters, digits, . _ + - (so jane.doe@duke.edu works). */
const SCHOOL_EMAIL_LOCAL_PART = /^[a-z0-9._+-]+$/;

/**
 * True when a (trimmed, lower-cased) address is one school e-mail of this
 * campus: one @, a plain local part, and a campus domain or subdomain. The
 * server's rule and the page's instant check are this one function.
 */
export function isSchoolEmail(campus: SchoolDomains, email: string): boolean {
  const [local, domain, ...rest] = email.split('@');
  return (
    rest.length === 0 &&
    Boolean(local && domain) &&
    SCHOOL_EMAIL_LOCAL_PART.test(local!) &&
    isSchoolEmailDomain(campus, email)
  );
}
