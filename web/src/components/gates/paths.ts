/** The school e-mail pages (features/school-email). */
export const SCHOOL_EMAIL_PATH = '/settings/account/school_email';
export const VERIFY_SCHOOL_EMAIL_PATH = '/settings/account/verify_school_email';
/** The viewer's own profile and its set-up wizard (features/profile). */
export const OWN_PROFILE_PATH = '/profile';
export const PROFILE_SET_UP_PATH = '/profile/set-up';
/** The campus's moderation queue (features/moderation, ADR 025). */
export const MODERATION_PATH = '/moderation';
/** The operators' dashboard (features/admin, ADR 055). */
export const ADMIN_PATH = '/admin';
/** The operators' campus page (ADR 056). */
export const ADMIN_CAMPUSES_PATH = '/admin/campuses';

const STATIC_SETTINGS =
  /^\/settings(\/(about|howitworks|help|feedback|returns|terms|trust_and_safety|trust|privacy|cookies))?\/?$/;

/** /settings and its public pages (about, help, terms, …), open to everyone in any state. */
export function isStaticSettingsPage(pathname: string): boolean {
  return STATIC_SETTINGS.test(pathname);
}

export function isSchoolEmailPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === SCHOOL_EMAIL_PATH || path === VERIFY_SCHOOL_EMAIL_PATH;
}

/**
 * The pages of links that act on an account, which any browser may open in
 * any state (ADR 036): moving from another campus site, and the e-mail
 * change's approve and undo links.
 */
function isAccountLinkPage(path: string): boolean {
  return path === '/handoff' || path === '/email_change/approve' || path === '/email_change/undo';
}

/** Pages an unverified account may stay on instead of being sent to /verify. */
export function mayStayUnverified(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    path === '/verify' ||
    isAccountLinkPage(path) ||
    path === '/logout' ||
    path === '/login' ||
    path.startsWith('/login/') ||
    path === '/register' ||
    path === '/user_registration' ||
    path === '/forgotpassword' ||
    path === '/reset_password' ||
    isStaticSettingsPage(path)
  );
}

/**
 * Pages a verified user without a school e-mail may stay on instead of being
 * sent to the school e-mail page; a moderator also their queue, being a
 * student or not (ADR 025), and an operator the dashboard (ADR 055).
 */
export function mayStayWithoutSchoolEmail(
  pathname: string,
  moderator = false,
  admin = false,
): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    isSchoolEmailPage(path) ||
    path === '/logout' ||
    isAccountLinkPage(path) ||
    isStaticSettingsPage(path) ||
    (moderator && path === MODERATION_PATH) ||
    (admin && (path === ADMIN_PATH || path === ADMIN_CAMPUSES_PATH))
  );
}
