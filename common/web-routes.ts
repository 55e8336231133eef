/**
 * The paths the web app draws a page for (web/src/app/routes.tsx; its test
 * checks the two agree). The server answers 404 for a page path that matches
 * none of them, and for the ones naming something that does not exist.
 * `:name` is one segment, `:name?` one or none.
 */
export const WEB_ROUTES = [
  '/',
  '/home',
  '/404',
  '/search_schools',
  '/settings',
  '/settings/about',
  '/settings/howitworks',
  '/settings/help',
  '/settings/feedback',
  '/settings/returns',
  '/settings/terms',
  '/settings/trust_and_safety',
  '/settings/trust',
  '/settings/privacy',
  '/settings/cookies',
  '/settings/account',
  '/settings/account/screen_name',
  '/settings/account/password',
  '/settings/account/email',
  '/settings/account/phone',
  '/settings/account/gender',
  '/settings/account/birth_date',
  '/settings/account/school_email',
  '/settings/account/verify_school_email',
  '/settings/payments',
  '/settings/saved-searches',
  '/settings/blocked',
  '/settings/notifications',
  '/login',
  '/login/sent',
  '/logout',
  '/register',
  '/forgotpassword',
  '/reset_password',
  '/user_registration',
  '/verify',
  '/handoff',
  '/email_change/approve',
  '/email_change/undo',
  '/media',
  '/media/:id',
  '/saved',
  '/create/post',
  '/create/categories',
  '/post/:id',
  '/post/:id/likes',
  '/create/comment/:id',
  '/messages/:chatId?',
  '/messages/new',
  '/create/message',
  '/notifications',
  '/notifications/mentions',
  '/search',
  '/profile',
  '/profile/edit',
  '/profile/set-up',
  '/moderation',
  '/admin',
  '/:username',
] as const;
export type WebRoute = (typeof WEB_ROUTES)[number];

const segments = (path: string) => path.split('/').filter(Boolean);

/** How well `route` fits: static segments outrank parameters, as in React Router. */
function fit(route: string, parts: string[]): number | null {
  const pattern = segments(route);
  let score = 0;
  for (let i = 0; i < Math.max(pattern.length, parts.length); i++) {
    const want = pattern[i];
    const part = parts[i];
    if (want === undefined) return null;
    if (want.startsWith(':')) {
      if (part === undefined) return want.endsWith('?') ? score : null;
      score += 1;
    } else if (part === undefined || part.toLowerCase() !== want.toLowerCase()) {
      return null;
    } else score += 10;
  }
  return score;
}

/** The page route `pathname` lands on, or null when the app has no such page. */
export function matchWebRoute(pathname: string): WebRoute | null {
  const parts = segments(pathname);
  let best: WebRoute | null = null;
  let bestScore = -1;
  for (const route of WEB_ROUTES) {
    const score = fit(route, parts);
    if (score !== null && score > bestScore) [best, bestScore] = [route, score];
  }
  return best;
}

/** The value of the route's `:param` segment in `pathname`. */
export function routeParam(route: WebRoute, pathname: string): string | undefined {
  const index = segments(route).findIndex((segment) => segment.startsWith(':'));
  return index < 0 ? undefined : segments(pathname)[index];
}
