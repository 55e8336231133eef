import { type CampusId, isCampusIdForm } from '@common/campus-rules';
import type { CampusDto } from '@common/schemas/campus';

/**
 * Another campus's own site, built from this site's URL (same deployment, so
 * only the first host label differs): campus.localhost:3000 → ut.localhost:3000.
 */
export function campusSiteUrl(current: CampusDto, id: CampusId): string {
  if (id === current.id) return current.url;
  const url = new URL(current.url);
  const [, ...rest] = url.hostname.split('.');
  url.hostname = [id, ...rest].join('.');
  return url.origin;
}

/**
 * Where to send a signed-in user so they arrive signed in on another campus's
 * site: sessions are per site, so the server hands the session over with a
 * single-use token (GET /api/auth/handoff/start), which the other site's
 * "Continue as …?" page posts back with one click (ADR 036).
 */
export function campusHandoffPath(id: CampusId): string {
  return `/api/auth/handoff/start?campus=${encodeURIComponent(id)}`;
}

/**
 * The campus remembered after a school verification on a campus's site: on
 * the generic site it sends the user to that campus's site once.
 */
export const REDIRECT_TARGET_KEY = 'quad.redirectTo';

export function saveRedirectTarget(id: CampusId): void {
  try {
    window.localStorage.setItem(REDIRECT_TARGET_KEY, id);
  } catch {
    // Storage can be unavailable (private mode, quota): the redirect is a convenience.
  }
}

/** Reads and clears the remembered campus. */
export function takeRedirectTarget(): CampusId | null {
  try {
    const value = window.localStorage.getItem(REDIRECT_TARGET_KEY);
    if (value === null) return null;
    window.localStorage.removeItem(REDIRECT_TARGET_KEY);
    return isCampusIdForm(value) ? value : null;
  } catch {
    return null;
  }
}
