import { GENERIC_CAMPUS_ID, isSchoolEmail, type SchoolDomains } from '@common/campus-rules';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';

/**
 * The school whose e-mail domains apply: the site's own, or on the generic
 * site the one of `schools` (the server's list, ADR 057) named by ?campus=.
 * Null when none applies, or while `schools` is not loaded.
 */
export function schoolFor(
  site: CampusDto,
  campusParam: string | null,
  schools: readonly CampusDto[] | undefined,
): CampusDto | null {
  if (site.id !== GENERIC_CAMPUS_ID) return site;
  if (!campusParam || campusParam === GENERIC_CAMPUS_ID) return null;
  return schools?.find((c) => c.id === campusParam) ?? null;
}

/** The message for a school e-mail that cannot be sent a PIN, or null when it can. */
export function schoolEmailError(
  input: string,
  current: string | null,
  school: SchoolDomains | null,
): string | null {
  const email = input.trim().toLowerCase();
  if (!email || email === current?.toLowerCase()) return AUTH_MESSAGES.newSchoolEmail;
  if (!school || school.emailDomains.length === 0) return MESSAGES.somethingWentWrong;
  return isSchoolEmail(school, email) ? null : AUTH_MESSAGES.validSchoolEmail;
}
