import {
  type Campus,
  CAMPUSES,
  GENERIC_CAMPUS_ID,
  isCampusId,
  isSchoolEmail,
} from '@common/campuses';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';

/**
 * The school whose e-mail domains apply: the site's own, or on
 * the generic site the one named by ?campus=. Null when none applies.
 */
export function schoolFor(site: Campus, campusParam: string | null): Campus | null {
  if (site.id !== GENERIC_CAMPUS_ID) return site;
  if (!campusParam || !isCampusId(campusParam) || campusParam === GENERIC_CAMPUS_ID) return null;
  return CAMPUSES[campusParam];
}

/** The message for a school e-mail that cannot be sent a PIN, or null when it can. */
export function schoolEmailError(
  input: string,
  current: string | null,
  school: Campus | null,
): string | null {
  const email = input.trim().toLowerCase();
  if (!email || email === current?.toLowerCase()) return AUTH_MESSAGES.newSchoolEmail;
  if (!school || school.emailDomains.length === 0) return MESSAGES.somethingWentWrong;
  return isSchoolEmail(school, email) ? null : AUTH_MESSAGES.validSchoolEmail;
}
