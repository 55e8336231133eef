import { NOTIFICATION_KINDS } from '@common/schemas/notification-settings';
import type { Student, World } from './authorization-matrix.world';
import { PASSWORD, photoBody, PUSH_SUBSCRIPTION } from './authorization-matrix.world';

/**
 * The authorization matrix (ADR 015): what every route of the app answers each
 * kind of viewer, in one table. authorization-matrix.test.ts walks the routes
 * the app registers (`app.routeList`) and fails on a route without a row here,
 * or a row whose route is gone.
 *
 * Every request goes to the OU site (ou.localhost) with the X-Quad-CSRF
 * header; each cell runs in a fresh world (authorization-matrix.world.ts).
 */

/** The kinds of viewer, in the order of every row. */
export const KINDS = [
  'guest',
  /** Signed in, account e-mail not verified yet. */
  'unverified',
  /** Verified account, no school e-mail: may browse their campus (ADR 007), not contribute. */
  'verified',
  /** School-verified OU student who takes part in the resource: the commenter, the chat partner. */
  'member',
  /** School-verified OU student who owns it: the post's author, the chat's starter, the search's. */
  'owner',
  /** Another school-verified OU student, with no part in the resource. */
  'stranger',
  /** A school-verified student of another campus (UT) on the OU site. */
  'otherCampus',
] as const;
export type Kind = (typeof KINDS)[number];
export type Expected = Record<Kind, number>;

export interface CellRequest {
  /** The path with its ids filled in and its query; by default the route's own URL. */
  url?: string;
  body?: object | string | Buffer;
  headers?: Record<string, string>;
  /** The campus site the request goes to; OU unless said. */
  campus?: string;
  remoteAddress?: string;
  /** false: no X-Quad-CSRF header (a provider's server-to-server call). */
  csrf?: false;
}

export interface Row {
  expect: Expected;
  /** The cell's request, built in its world; the viewer is null for a guest. */
  send?: (world: World, viewer: Student | null) => CellRequest | Promise<CellRequest>;
  /** The route is a WebSocket: 101 when it stays open, else its close code − 4000. */
  websocket?: true;
  /** Its 404 is a page, not a JSON error. */
  html?: true;
  /** Why the row reads as it does, where the defaults do not say it. */
  why?: string;
}

/** How the table names a route: `GET /api/posts/:id`. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

// ── The defaults ───────────────────────────────────────────────────────────

const row = (g: number, u: number, v: number, m: number, o: number, s: number, c: number) => ({
  guest: g,
  unverified: u,
  verified: v,
  member: m,
  owner: o,
  stranger: s,
  otherCampus: c,
});

/** Anyone, signed in or not, of any campus. */
const publicRoute = (ok = 200) => row(ok, ok, ok, ok, ok, ok, ok);
/** Any session: the guest gets 401. */
const signedIn = (ok = 200) => row(401, ok, ok, ok, ok, ok, ok);
/** The viewer's own account, once its e-mail is verified; of any campus. */
const verifiedAccount = (ok = 200) => row(401, 403, ok, ok, ok, ok, ok);
/** Reading a private campus: its verified students (ADR 007). */
const campusReader = (ok = 200) => row(401, 403, ok, ok, ok, ok, 403);
/** Posting, commenting, saving, messaging: the campus's school-verified students. */
const schoolMember = (ok = 200) => row(401, 403, 403, ok, ok, ok, 403);
/** The viewer's own thing: only its owner; to any other member it does not exist. */
const ownerOnly = (ok = 200) => row(401, 403, 403, 404, ok, 404, 403);
/** Part of it: the owner and the member (a chat's two participants). */
const participants = (ok = 200) => row(401, 403, 404, ok, ok, 404, 403);

const with_ = (base: Expected, changes: Partial<Expected>): Expected => ({ ...base, ...changes });

const json = (body: object): Pick<CellRequest, 'body'> => ({ body });
const emailOf = (viewer: Student | null, world: World) =>
  viewer?.user.email ?? world.students.owner.user.email;

export const STRIPE_WEBHOOK_SECRET = 'whsec_matrix';

/** The miniature web build the test serves (pages and their static files). */
export const WEB_BUILD: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  'assets/app-matrix.js': 'console.log("matrix");',
};

// ── The table ──────────────────────────────────────────────────────────────

export const ROUTES: Record<string, Row> = {
  // campus and operations
  'GET /api/campus': { expect: publicRoute() },
  'GET /api/campuses': { expect: publicRoute(), send: () => ({ url: '/api/campuses?q=okla' }) },
  'GET /favicon.svg': { expect: publicRoute() },
  // The installable app (ADR 058): the same for everyone, as the favicon.
  'GET /manifest.webmanifest': { expect: publicRoute() },
  'GET /icon-192.png': { expect: publicRoute() },
  'GET /icon-512.png': { expect: publicRoute() },
  'GET /icon-maskable-512.png': { expect: publicRoute() },
  'GET /sw.js': { expect: publicRoute() },
  'GET /offline.html': { expect: publicRoute() },
  'GET /campus-logos/:campus/:file': {
    expect: publicRoute(404),
    send: () => ({ url: '/campus-logos/ou/0192a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b.png' }),
    why: 'an uploaded campus logo, public like the favicon; no campus has one in this world, so every viewer gets the same 404 (campuses.logo.test.ts serves one, ADR 064)',
  },
  'GET /healthz': { expect: publicRoute() },
  'GET /readyz': { expect: publicRoute() },
  'GET /': { expect: publicRoute(302), why: 'redirects to /home for everyone' },
  'GET /404': { expect: publicRoute(404), html: true, why: 'the not-found page, as a page' },
  'GET /api/docs': { expect: publicRoute() },
  'HEAD /api/docs/': { expect: publicRoute() },
  'GET /api/docs/json': { expect: publicRoute() },
  'GET /api/docs/yaml': { expect: publicRoute() },
  'GET /api/docs/static/index.html': { expect: publicRoute(302), why: 'to /api/docs' },
  'GET /api/docs/static/*': {
    expect: publicRoute(),
    send: () => ({ url: '/api/docs/static/swagger-ui.css' }),
  },
  'GET /api/docs/static/swagger-initializer.js': { expect: publicRoute() },
  'GET /dev/mailbox': {
    expect: publicRoute(404),
    why: 'the dev mailbox answers this machine only; from the network it is not found, signed in or not',
  },
  'GET /dev/mailbox.json': { expect: publicRoute(404), why: 'as /dev/mailbox' },
  'POST /dev/students': {
    expect: publicRoute(404),
    why: 'as /dev/mailbox: students made in one step for end-to-end tests (ADR 035)',
    send: () => ({
      url: '/dev/students',
      body: { name: 'Net Worker', email: 'net@example.com', password: 'maroon-bicycle-42' },
    }),
  },
  'POST /dev/jobs/:name': {
    expect: publicRoute(404),
    why: 'as /dev/mailbox: a periodic job run on demand by end-to-end tests (ADR 035)',
    send: () => ({ url: '/dev/jobs/did-it-sell', body: {} }),
  },
  'GET /uploads/*': {
    expect: publicRoute(),
    send: async (world) => ({ url: (await world.upload()).url }),
    why: 'media files are immutable capability URLs (unguessable keys), served without a session',
  },
  'GET /index.html': {
    expect: publicRoute(404),
    why: 'the page template is never served as a file',
  },
  'GET /assets/app-matrix.js': { expect: publicRoute(), why: 'a file of the web build' },

  // session
  'GET /api/me': { expect: publicRoute(), why: '{ viewer: null } for a guest' },
  'GET /api/auth/email-status': {
    expect: publicRoute(),
    send: (w, v) => ({ url: `/api/auth/email-status?email=${emailOf(v, w)}` }),
  },
  'POST /api/auth/register': {
    expect: publicRoute(201),
    send: (w) =>
      json({ name: 'New Student', email: w.freshEmail(), password: 'Sooner-2029!', terms: true }),
  },
  'POST /api/auth/login': {
    expect: publicRoute(),
    send: (w, v) => json({ email: emailOf(v, w), password: 'matrix-password-1' }),
  },
  'POST /api/auth/logout': { expect: publicRoute() },
  'POST /api/auth/magic-link': {
    expect: publicRoute(),
    send: (w, v) => json({ email: emailOf(v, w) }),
  },
  'POST /api/auth/magic-link/complete': {
    expect: publicRoute(400),
    send: (w, v) => json({ token: 'not-a-real-link-token', email: emailOf(v, w) }),
    why: 'the link is the authority: a made-up one is refused (400) for everyone',
  },
  'POST /api/auth/password/forgot': {
    expect: publicRoute(),
    send: (w, v) => json({ email: emailOf(v, w) }),
  },
  'POST /api/auth/password/reset': {
    expect: publicRoute(400),
    send: () => json({ token: 'not-a-real-reset-token', password: 'Sooner-2029!' }),
    why: 'as magic-link/complete',
  },
  'GET /api/auth/handoff/start': {
    expect: publicRoute(302),
    send: () => ({ url: '/api/auth/handoff/start?campus=ut' }),
    why: 'a guest is sent to the other site, a student with a one-time token',
  },
  'GET /api/auth/handoff': {
    expect: publicRoute(400),
    send: () => ({ url: '/api/auth/handoff?token=not-a-real-token' }),
    why: 'the token is the authority: a made-up one names nobody (400), and a GET never signs in',
  },
  'POST /api/auth/handoff': {
    expect: publicRoute(400),
    send: () => json({ token: 'not-a-real-token' }),
    why: 'as the GET: a made-up token is refused for everyone',
  },
  'GET /api/auth/google/start': {
    expect: publicRoute(302),
    why: 'Google is not configured here: back to /login',
  },
  'GET /api/auth/google/callback': { expect: publicRoute(302) },

  // verification and e-mail
  'POST /api/verification/code': {
    expect: signedIn(),
    send: () => json({}),
  },
  'POST /api/verification/verify': {
    expect: signedIn(400),
    send: () => json({ code: '0000' }),
    why: 'a wrong code (400) once signed in: the code is the authority',
  },
  'POST /api/me/school-email': {
    expect: verifiedAccount(),
    send: (w) => json({ schoolEmail: `${w.freshEmail().split('@')[0]}@ou.edu` }),
  },
  'PUT /api/me/email': {
    expect: signedIn(),
    send: (w) => json({ email: w.freshEmail(), currentPassword: PASSWORD }),
  },
  'POST /api/email-change/approve': {
    expect: publicRoute(400),
    send: () => json({ token: 'not-a-real-approval-token' }),
    why: 'the link from the current address is the authority: a made-up one is refused (400)',
  },
  'POST /api/email-change/undo': {
    expect: publicRoute(400),
    send: () => json({ token: 'not-a-real-undo-token' }),
    why: 'as approve: the link from the old address is the authority',
  },
  'POST /api/me/email/verify': {
    expect: signedIn(400),
    send: (w) => json({ email: w.freshEmail(), code: '0000' }),
  },

  // posts and media
  'GET /api/feed': { expect: campusReader() },
  'GET /api/media': { expect: campusReader() },
  'GET /api/saved': { expect: campusReader() },
  'POST /api/uploads': {
    expect: schoolMember(201),
    send: () => photoBody(),
    why: 'uploading is contributing; the matrix found another campus’s student allowed (201), fixed',
  },
  'POST /api/uploads/:id/poster': {
    expect: ownerOnly(),
    send: async (w) => ({
      url: `/api/uploads/${(await w.video()).id}/poster?durationMs=4000`,
      ...(await photoBody()),
    }),
    why: "a video's poster frame is its uploader's until posted; another student's is not found",
  },
  'POST /api/posts': {
    expect: schoolMember(201),
    send: () => json({ text: 'Desk lamp, $10.' }),
  },
  'GET /api/posts/:id': {
    expect: campusReader(),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}` }),
  },
  'PATCH /api/posts/:id': {
    expect: with_(ownerOnly(), { member: 403, stranger: 403 }),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}`, body: { status: 'sold' } }),
    why: 'only the seller changes a listing; it is visible to members, so others get 403',
  },
  'POST /api/posts/:id/renew': {
    expect: with_(ownerOnly(), { member: 403, stranger: 403 }),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}/renew` }),
    why: 'only the seller bumps or renews a listing (ADR 029); members see it, so others get 403',
  },
  'DELETE /api/posts/:id': {
    expect: with_(ownerOnly(), { member: 403, stranger: 403 }),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}` }),
    why: 'a post is visible to members, so a non-author gets 403, not 404',
  },
  'PUT /api/posts/:id/like': {
    expect: schoolMember(),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}/like` }),
  },
  'DELETE /api/posts/:id/like': {
    expect: schoolMember(),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}/like` }),
  },
  'GET /api/posts/:id/likes': {
    expect: campusReader(),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}/likes` }),
  },

  // messages
  'GET /api/chats': { expect: campusReader() },
  'POST /api/chats': {
    expect: with_(schoolMember(), { owner: 400 }),
    send: (w) => json({ userId: w.students.owner.user.id }),
    why: 'starting a chat with the owner; the owner starting one with themselves is 400 (after the role checks)',
  },
  'GET /api/chats/:id': {
    expect: with_(participants(), { verified: 404 }),
    send: async (w) => ({ url: `/api/chats/${(await w.chat()).id}` }),
  },
  'DELETE /api/chats/:id': {
    expect: participants(),
    send: async (w) => ({ url: `/api/chats/${(await w.chat()).id}` }),
  },
  'GET /api/chats/:id/messages': {
    expect: with_(participants(), { verified: 404 }),
    send: async (w) => ({ url: `/api/chats/${(await w.chat()).id}/messages` }),
  },
  'POST /api/chats/:id/messages': {
    expect: participants(201),
    send: async (w) => ({
      url: `/api/chats/${(await w.chat()).id}/messages`,
      body: { text: 'Ok!' },
    }),
  },
  'POST /api/chats/:id/read': {
    expect: with_(participants(), { verified: 404 }),
    send: async (w) => ({ url: `/api/chats/${(await w.chat()).id}/read` }),
  },
  'PUT /api/messages/:id/heart': {
    expect: participants(),
    send: async (w) => ({ url: `/api/messages/${(await w.chat()).memberMessageId}/heart` }),
  },
  'DELETE /api/messages/:id/heart': {
    expect: participants(),
    send: async (w) => ({ url: `/api/messages/${(await w.chat()).memberMessageId}/heart` }),
  },
  'POST /api/chats/:id/meetups': {
    expect: participants(201),
    send: async (w) => ({
      url: `/api/chats/${(await w.chat()).id}/meetups`,
      body: { spotId: 'oupd-lobby', at: Date.now() + 2 * 24 * 60 * 60 * 1000 },
    }),
  },
  'POST /api/meetups/:id/accept': {
    expect: with_(participants(), { owner: 403 }),
    send: async (w) => ({ url: `/api/meetups/${(await w.meetup()).id}/accept` }),
    why: 'the owner suggested it: only the member answers it (ADR 026)',
  },
  'POST /api/meetups/:id/decline': {
    expect: with_(participants(), { owner: 403 }),
    send: async (w) => ({ url: `/api/meetups/${(await w.meetup()).id}/decline` }),
    why: 'as accept',
  },
  'POST /api/meetups/:id/cancel': {
    expect: with_(participants(), { member: 403 }),
    send: async (w) => ({ url: `/api/meetups/${(await w.meetup()).id}/cancel` }),
    why: 'only the owner, who suggested it, cancels it',
  },
  'POST /api/chats/:id/offers': {
    expect: with_(participants(201), { member: 403 }),
    send: async (w) => ({ url: `/api/chats/${(await w.deal()).id}/offers`, body: { amount: 30 } }),
    why: 'the member sells the pinned listing: only the owner, the buyer, offers (ADR 051)',
  },
  'POST /api/offers/:id/counter': {
    expect: with_(participants(201), { owner: 403 }),
    send: async (w) => ({
      url: `/api/offers/${(await w.offer()).id}/counter`,
      body: { amount: 35 },
    }),
    why: 'the owner made the offer: only the member, the seller, counters it',
  },
  'POST /api/offers/:id/accept': {
    expect: with_(participants(), { owner: 403 }),
    send: async (w) => ({ url: `/api/offers/${(await w.offer()).id}/accept` }),
    why: 'the owner made the offer: only the member answers it',
  },
  'POST /api/offers/:id/decline': {
    expect: with_(participants(), { owner: 403 }),
    send: async (w) => ({ url: `/api/offers/${(await w.offer()).id}/decline` }),
    why: 'as accept',
  },
  'POST /api/offers/:id/withdraw': {
    expect: with_(participants(), { member: 403 }),
    send: async (w) => ({ url: `/api/offers/${(await w.offer()).id}/withdraw` }),
    why: 'only the owner, the buyer who made it, withdraws it',
  },
  'GET /api/users': { expect: campusReader(), send: () => ({ url: '/api/users?q=ja' }) },

  // notifications
  'GET /api/admin/analytics': {
    expect: publicRoute(404),
    why: 'operators named in ADMIN_EMAILS only (none here; analytics tests cover them): 404 like an unknown path to everyone else (ADR 016)',
  },
  'GET /api/admin/dashboard': {
    expect: publicRoute(404),
    send: () => ({ url: '/api/admin/dashboard?campus=all&days=30' }),
    why: 'as analytics: operators only (dashboard tests cover them), 404 to everyone else (ADR 055)',
  },
  'GET /api/admin/campuses': {
    expect: publicRoute(404),
    why: 'the admin campus page: operators only (campuses.admin.routes.test.ts covers them, moderators and other campuses refused too), 404 to everyone else (ADR 056)',
  },
  'POST /api/admin/campuses': {
    expect: publicRoute(404),
    send: () => ({ body: { id: 'matrix', name: 'Matrix' } }),
    why: 'as GET /api/admin/campuses: refused before the body is read',
  },
  'PATCH /api/admin/campuses/:id': {
    expect: publicRoute(404),
    send: () => ({ url: '/api/admin/campuses/ut', body: { city: 'Anywhere' } }),
    why: 'as GET /api/admin/campuses',
  },
  'POST /api/admin/campuses/:id/retire': {
    expect: publicRoute(404),
    send: () => ({ url: '/api/admin/campuses/ut/retire' }),
    why: 'as GET /api/admin/campuses',
  },
  'PUT /api/admin/campuses/:id/logo': {
    expect: publicRoute(404),
    send: async () => ({ url: '/api/admin/campuses/ou/logo', ...(await photoBody()) }),
    why: 'as GET /api/admin/campuses: refused before the file is read (campuses.logo.test.ts, ADR 064)',
  },
  'DELETE /api/admin/campuses/:id/logo': {
    expect: publicRoute(404),
    send: () => ({ url: '/api/admin/campuses/ou/logo' }),
    why: 'as GET /api/admin/campuses',
  },
  'GET /api/notifications': { expect: verifiedAccount() },
  'GET /api/unread': { expect: verifiedAccount() },
  'GET /api/me/notification-settings': { expect: verifiedAccount() },
  'PUT /api/me/notification-settings': {
    expect: verifiedAccount(),
    why: 'each student saves only their own settings',
    send: () =>
      json({
        kinds: Object.fromEntries(
          NOTIFICATION_KINDS.map((k) => [k, { inApp: true, push: false, email: k !== 'news' }]),
        ),
        quietHours: { start: '22:00', end: '07:00', timeZone: 'America/Chicago' },
      }),
  },
  'GET /api/unsubscribe': {
    expect: publicRoute(),
    send: () => ({ url: '/api/unsubscribe?token=not-a-real-token' }),
    why: 'a page with one button; the token is checked when it is pressed',
  },
  'POST /api/unsubscribe': {
    expect: publicRoute(400),
    send: () => ({
      body: 'token=not-a-real-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    html: true,
    why: 'the signed token is the authority: a made-up one is 400 for everyone',
  },

  // search
  'GET /api/search/posts': {
    expect: campusReader(),
    send: () => ({ url: '/api/search/posts?q=lamp' }),
  },
  'GET /api/search/media': {
    expect: campusReader(),
    send: () => ({ url: '/api/search/media?q=lamp' }),
  },
  'GET /api/search/people': {
    expect: campusReader(),
    send: () => ({ url: '/api/search/people?q=jamie' }),
  },
  'GET /api/search/suggestions': {
    expect: campusReader(),
    send: () => ({ url: '/api/search/suggestions?q=la' }),
  },
  'GET /api/search/popular': { expect: campusReader() },
  'GET /api/me/searches': { expect: campusReader() },
  'POST /api/me/searches': { expect: campusReader(), send: () => json({ text: 'bike' }) },
  'DELETE /api/me/searches': { expect: campusReader(204) },
  'DELETE /api/me/searches/:id': {
    expect: with_(campusReader(204), { member: 404, stranger: 404, verified: 404 }),
    send: async (w) => ({ url: `/api/me/searches/${(await w.recentSearch()).id}` }),
  },
  'GET /api/me/saved-searches': { expect: schoolMember() },
  'POST /api/me/saved-searches': {
    expect: schoolMember(201),
    send: () => json({ query: 'bike' }),
  },
  'PATCH /api/me/saved-searches/:id': {
    expect: ownerOnly(),
    send: async (w) => ({
      url: `/api/me/saved-searches/${(await w.savedSearch()).id}`,
      body: { paused: true },
    }),
  },
  'DELETE /api/me/saved-searches/:id': {
    expect: ownerOnly(204),
    send: async (w) => ({ url: `/api/me/saved-searches/${(await w.savedSearch()).id}` }),
  },

  // people
  'GET /api/users/:username': {
    expect: campusReader(),
    send: (w) => ({ url: `/api/users/${w.students.owner.user.username}` }),
  },
  'GET /api/users/:username/posts': {
    expect: campusReader(),
    send: (w) => ({ url: `/api/users/${w.students.owner.user.username}/posts?tab=posts` }),
  },
  'POST /api/reports': {
    expect: with_(campusReader(201), { owner: 400 }),
    why: 'any reader of the campus may report what they can see (ADR 019); one’s own post is 400',
    send: async (w) => ({
      url: '/api/reports',
      body: { targetType: 'post', targetId: (await w.post()).id, reason: 'spam' },
    }),
  },
  // sales and reviews (ADR 052)
  'GET /api/posts/:id/buyers': {
    expect: with_(ownerOnly(), { member: 403, stranger: 403 }),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}/buyers` }),
    why: 'only the seller sees who talked about a listing; members see the listing, so others get 403',
  },
  'PUT /api/posts/:id/sale': {
    expect: with_(ownerOnly(), { member: 403, stranger: 403 }),
    send: async (w) => ({ url: `/api/posts/${(await w.post()).id}/sale`, body: { buyerId: null } }),
    why: 'only the seller records a sale, as they mark it sold',
  },
  'GET /api/posts/:id/sale': {
    expect: campusReader(),
    send: async (w) => ({ url: `/api/posts/${(await w.sale()).listingId}/sale` }),
    why: 'readers of the listing ask; only its two sides get the sale, anyone else `{ sale: null }`',
  },
  'POST /api/sales/:id/reviews': {
    expect: participants(201),
    send: async (w) => ({ url: `/api/sales/${(await w.sale()).id}/reviews`, body: { stars: 5 } }),
    why: 'the two sides of a sale review it; to anyone else it does not exist (404)',
  },
  'GET /api/users/:username/reviews': {
    expect: campusReader(),
    send: (w) => ({ url: `/api/users/${w.students.owner.user.username}/reviews` }),
  },
  'GET /api/moderation/reports': {
    expect: publicRoute(404),
    why: 'the campus moderators named in MODERATORS only (none here; moderation.test.ts covers them): 404 like an unknown path to everyone else (ADR 025)',
  },
  'POST /api/moderation/actions': {
    expect: publicRoute(404),
    why: 'as GET /api/moderation/reports',
    send: async (w) => ({
      url: '/api/moderation/actions',
      body: { targetType: 'post', targetId: (await w.post()).id, action: 'dismiss', reason: 'ok' },
    }),
  },
  'DELETE /api/moderation/searches/:id': {
    expect: publicRoute(404),
    why: 'as GET /api/moderation/reports: only the campus moderators drop a popular search (search.test.ts covers them)',
    send: async (w) => ({ url: `/api/moderation/searches/${(await w.recentSearch()).id}` }),
  },
  'POST /api/users/:username/report': {
    expect: with_(campusReader(), { owner: 400 }),
    why: 'any reader of the campus may report (ADR 011 names no role); reporting oneself is 400',
    send: (w) => ({
      url: `/api/users/${w.students.owner.user.username}/report`,
      body: { reason: 'spam' },
    }),
  },
  'PUT /api/users/:username/block': {
    expect: with_(campusReader(), { owner: 400 }),
    why: 'any reader of the campus may block a student of it (ADR 024); blocking oneself is 400',
    send: (w) => ({ url: `/api/users/${w.students.owner.user.username}/block` }),
  },
  'DELETE /api/users/:username/block': {
    expect: with_(campusReader(), { owner: 400 }),
    why: 'unblocking is as blocking (ADR 024), and answers the same when nothing was blocked',
    send: (w) => ({ url: `/api/users/${w.students.owner.user.username}/block` }),
  },
  'GET /api/blocks': { expect: campusReader(), why: 'the viewer’s own blocked students (ADR 024)' },
  // Web push (ADR 058): a student's own devices, on their own campus's site.
  'GET /api/push/key': { expect: publicRoute(), why: 'the VAPID public key is public' },
  'GET /api/me/push-devices': { expect: campusReader(), why: 'the viewer’s own devices' },
  'PUT /api/me/push-devices': {
    expect: campusReader(),
    // A device of its own for each viewer: saving the world's would hand it over (ADR 058).
    send: (w) =>
      json({ ...PUSH_SUBSCRIPTION, endpoint: `${PUSH_SUBSCRIPTION.endpoint}-${w.freshEmail()}` }),
    why: 'any reader of the campus may get pushes on a device',
  },
  'DELETE /api/me/push-devices': {
    expect: with_(campusReader(404), { owner: 204 }),
    send: async (w) => ({
      url: `/api/me/push-devices?endpoint=${encodeURIComponent((await w.pushDevice()).endpoint)}`,
    }),
    why: 'this device, by its endpoint: only its owner turns it off; for anyone else it is not there',
  },
  'DELETE /api/me/push-devices/:id': {
    expect: with_(campusReader(404), { owner: 204 }),
    send: async (w) => ({ url: `/api/me/push-devices/${(await w.pushDevice()).id}` }),
    why: 'one of the viewer’s devices: another student’s is not found',
  },
  'PATCH /api/me': { expect: signedIn(), send: () => json({ bio: 'Selling my dorm stuff.' }) },
  'PUT /api/me/avatar': { expect: signedIn(), send: () => photoBody() },
  'PUT /api/me/username': {
    expect: signedIn(),
    send: (w) =>
      json({ username: `m${w.freshEmail().split('@')[0]!.slice(-12).replace(/-/g, '')}` }),
  },
  'PUT /api/me/password': {
    expect: signedIn(),
    send: () =>
      json({
        currentPassword: 'matrix-password-1',
        password: 'Sooner-2029!',
        password2: 'Sooner-2029!',
      }),
  },
  'PATCH /api/me/account': { expect: signedIn(), send: () => json({ gender: null }) },
  'DELETE /api/me': { expect: signedIn(), send: () => json({ password: 'matrix-password-1' }) },

  // payments
  'GET /api/payments/status': { expect: signedIn(), why: 'ADR 013: the page is any student’s own' },
  'POST /api/payments/account': {
    expect: verifiedAccount(),
    why: 'ADR 013: a payout account needs a verified account, of any campus (it is the student’s, not the campus’s)',
  },
  'POST /api/payments/account-link': {
    expect: verifiedAccount(),
    send: async (w, v) => (await w.payoutAccount(v), {}),
  },
  'POST /api/payments/login-link': {
    expect: with_(verifiedAccount(), { unverified: 409 }),
    send: async (w, v) => (await w.payoutAccount(v, true), {}),
    why: 'once the viewer’s payout account is onboarded; an unverified viewer could not have one (409)',
  },
  'POST /api/payments/webhook': {
    expect: publicRoute(400),
    send: () => ({ body: '{}', headers: { 'content-type': 'application/json' }, csrf: false }),
    why: 'the provider signs its calls: unsigned, it is 400 for everyone',
  },

  // live
  'GET /api/live': { expect: campusReader(101), websocket: true },
};

/**
 * Pages are not routes: the not-found handler serves the web app for any
 * other GET that asks for HTML. These rows walk the pages that show a
 * private campus's content.
 */
export const PAGES: Record<string, Row> = {
  'GET /home': {
    expect: publicRoute(),
    html: true,
    send: () => ({ headers: { accept: 'text/html' } }),
  },
};

/**
 * Routes the matrix leaves out, and why. HEAD routes that Fastify derives
 * from a GET (same handler, same hooks) are left out by rule, in the test.
 */
export const EXCLUDED: Record<string, string> = {};
