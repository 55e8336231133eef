import type { CampusDto } from '@common/schemas/campus';
import { isGenericCampus } from '../../../lib/campus';

/** The school a page talks about: its full name, or "your school" on the multi-campus site. */
export function schoolOf(campus: CampusDto): string {
  return isGenericCampus(campus) ? 'your school' : campus.schoolName;
}

/** Which school e-mail addresses verify membership, in words: "an @ou.edu address". */
export function schoolEmailOf(campus: CampusDto): string {
  const [first, ...others] = campus.emailDomains;
  if (!first || isGenericCampus(campus)) return 'your .edu school e-mail address';
  if (others.length === 0) return `your @${first} address`;
  return `your @${first} address (or that of another ${campus.name} school)`;
}

/** The campus's Instagram page, where students send direct messages. */
export const instagramUrl = (campus: CampusDto) => `https://www.instagram.com/${campus.instagram}/`;
