import { AUTH_MESSAGES as M } from '@common/messages';
import type { UserRow } from '../../db/schema';
import { forbidden, unauthorized } from '../errors';

/**
 * Permission checks used at the top of service methods (docs/style.md): 401 for a
 * guest, 403 for a signed-in user who may not act yet, in Quad's words.
 */
export function requireSignedIn(user: UserRow | null): asserts user is UserRow {
  if (!user) throw unauthorized('signed_out', M.signInRequired);
}

export function requireVerified(user: UserRow | null): asserts user is UserRow {
  requireSignedIn(user);
  if (!user.verified) throw forbidden('not_verified', M.verifyRequired);
}

export function requireSchoolVerified(user: UserRow | null): asserts user is UserRow {
  requireVerified(user);
  if (!user.school_verified) throw forbidden('not_school_verified', M.schoolVerifyRequired);
}

/**
 * An operator (ADR 055): an account whose verified e-mail is in ADMIN_EMAILS
 * — an unverified one could be anyone's registration. The viewer is marked
 * `admin` for the web app; the `admin` routes check the same (http/access.ts).
 */
export function isAdmin(
  user: Pick<UserRow, 'email' | 'verified'> | null,
  adminEmails: readonly string[],
): boolean {
  if (!user || !user.verified) return false;
  const email = user.email.toLowerCase();
  return adminEmails.some((e) => e.toLowerCase() === email);
}
