import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Campus, campusUrl } from '@common/campuses';
import { CAMPUS_MESSAGES, campusIdSchema } from '@common/schemas/campus';
import {
  emailStatusQuerySchema,
  emailStatusSchema,
  forgotPasswordBodySchema,
  handoffBodySchema,
  handoffPreviewSchema,
  loginBodySchema,
  magicLinkBodySchema,
  magicLinkCompleteBodySchema,
  meSchema,
  okSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sessionResultSchema,
  viewerSchema,
} from '@common/schemas/auth';
import { LIMITS } from '../../core/limits';
import { presentAuthor, presentViewer } from '../users/users.presenter';
import { isAdmin } from '../../core/policies/roles';
import type { AuthService } from './auth.service';
import type { GoogleSignIn } from './google.service';
import { badRequest } from '../../core/errors';
import type { CampusService } from '../campuses/campuses.service';

/**
 * Sign-in, registration, e-mailed links, password reset and Google
 * (docs/product/campuses-and-accounts.md).
 */
export async function authRoutes(
  fastify: FastifyInstance,
  {
    auth,
    google,
    campuses,
    moderates = () => false,
  }: {
    auth: AuthService;
    google: GoogleSignIn | null;
    /** The campuses a handoff may go to (ADR 054). */
    campuses: Pick<CampusService, 'get'>;
    /** Whether the viewer moderates the site's campus (ADR 025): /api/me says so. */
    moderates?: (user: Parameters<typeof presentViewer>[0], campus: Campus) => boolean;
  },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, storage } = app.deps;
  /** The viewer, marked when they moderate the site's campus (ADR 025) or operate Quad (ADR 055). */
  const viewer = (user: Parameters<typeof presentViewer>[0], campus: Campus) => ({
    ...presentViewer(user, storage),
    ...(moderates(user, campus) ? { moderator: true as const } : {}),
    ...(isAdmin(user, config.adminEmails) ? { admin: true as const } : {}),
  });

  app.get(
    '/api/me',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSession',
        summary: 'The signed-in student, or null for a guest',
        response: { 200: meSchema },
      },
    },
    async (request) => ({
      viewer: request.user ? viewer(request.user, request.campus) : null,
      google: google !== null,
    }),
  );

  app.get(
    '/api/auth/email-status',
    {
      config: { access: 'public', rateLimit: LIMITS.lookup },
      schema: {
        operationId: 'getEmailStatus',
        summary: 'Whether an e-mail address has an account',
        querystring: emailStatusQuerySchema,
        response: { 200: emailStatusSchema },
      },
    },
    async (request) => ({ exists: await auth.emailExists(request.query.email) }),
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', errors: [409], rateLimit: LIMITS.register, changes: ['viewer'] },
      schema: {
        operationId: 'register',
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: sessionResultSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, request.campus);
      await app.sessionCookie.signIn(request, reply, user.id);
      return reply.status(201).send({ viewer: viewer(user, request.campus) });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: LIMITS.signIn, changes: ['viewer'] },
      schema: {
        operationId: 'login',
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: sessionResultSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.login(request.body, request.ip);
      await app.sessionCookie.signIn(request, reply, user.id);
      return { viewer: viewer(user, request.campus) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public', changes: ['viewer'] },
      schema: {
        operationId: 'logout',
        summary: 'Sign out: end this session',
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await app.sessionCookie.signOut(request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/magic-link',
    {
      config: { access: 'public', rateLimit: LIMITS.mail, changes: ['viewer'] },
      schema: {
        operationId: 'requestMagicLink',
        summary: 'E-mail a sign-in link',
        body: magicLinkBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await auth.requestMagicLink(request.body, request.campus);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/magic-link/complete',
    {
      config: { access: 'public', rateLimit: LIMITS.signIn, changes: ['viewer'] },
      schema: {
        operationId: 'completeMagicLink',
        summary: 'Sign in with an e-mailed link',
        body: magicLinkCompleteBodySchema,
        response: { 200: z.object({ viewer: viewerSchema, registered: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const { user, registered } = await auth.completeMagicLink(request.body);
      await app.sessionCookie.signIn(request, reply, user.id);
      return { viewer: viewer(user, request.campus), registered };
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      config: { access: 'public', rateLimit: LIMITS.mail, changes: ['viewer'] },
      schema: {
        operationId: 'forgotPassword',
        summary: 'E-mail a password reset link',
        body: forgotPasswordBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.campus);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { access: 'public', rateLimit: LIMITS.signIn, changes: ['viewer'] },
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link',
        body: resetPasswordBodySchema,
        response: { 200: sessionResultSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.resetPassword(request.body);
      await app.sessionCookie.signIn(request, reply, user.id);
      return { viewer: viewer(user, request.campus) };
    },
  );

  // Moving to another campus site keeps the user signed in (sessions are per host).
  app.get(
    '/api/auth/handoff/start',
    {
      config: { access: 'public', rateLimit: LIMITS.signIn },
      schema: { hide: true, querystring: z.object({ campus: campusIdSchema }) },
    },
    async (request, reply) => {
      const target = campuses.get(request.query.campus);
      if (!target) throw badRequest('no_campus', CAMPUS_MESSAGES.unknown);
      if (!request.user)
        return reply.redirect(campusUrl(config.publicUrl, target.id) + '/home', 302);
      return reply.redirect(await auth.startHandoff(request.user, target), 302);
    },
  );
  // The other site's confirmation page ("Continue as …?") reads whom the token
  // names; only its button's same-origin POST signs in (ADR 036): a link alone
  // never signs anyone in nor ends the session the browser has.
  app.get(
    '/api/auth/handoff',
    {
      config: { access: 'public', rateLimit: LIMITS.signIn },
      schema: {
        operationId: 'previewHandoff',
        summary: 'The account a handoff token from another campus site would sign in to',
        querystring: handoffBodySchema,
        response: { 200: handoffPreviewSchema },
      },
    },
    async (request) => {
      const author = presentAuthor(
        await auth.previewHandoff(request.query.token, request.campus),
        storage,
      );
      return {
        username: author.username,
        name: `${author.firstName} ${author.lastInitial}`.trim(),
        campus: request.campus.productName,
      };
    },
  );
  app.post(
    '/api/auth/handoff',
    {
      config: { access: 'public', rateLimit: LIMITS.signIn, changes: ['viewer'] },
      schema: {
        operationId: 'finishHandoff',
        summary: 'Sign in on this campus site with a handoff token',
        body: handoffBodySchema,
        response: { 200: sessionResultSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.finishHandoff(request.body.token, request.campus);
      await app.sessionCookie.signIn(request, reply, user.id);
      return { viewer: viewer(user, request.campus) };
    },
  );

  // Google: a full-page redirect dance, so these answer with redirects, not JSON.
  const callbackFor = (campusId: Parameters<typeof campusUrl>[1]) =>
    `${campusUrl(config.publicUrl, campusId)}/api/auth/google/callback`;
  app.get(
    '/api/auth/google/start',
    { config: { access: 'public', rateLimit: LIMITS.signIn }, schema: { hide: true } },
    async (request, reply) => {
      if (!google) return reply.redirect('/login?google_error=unknown', 302);
      try {
        return reply.redirect(
          await google.start(request.campus, callbackFor(request.campus.id)),
          302,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return reply.redirect('/login?google_error=network', 302);
      }
    },
  );

  app.get(
    '/api/auth/google/callback',
    { config: { access: 'public', rateLimit: LIMITS.signIn }, schema: { hide: true } },
    async (request, reply) => {
      if (!google) return reply.redirect('/login?google_error=unknown', 302);
      const callbackUrl = new URL(request.url, callbackFor(request.campus.id));
      const outcome = await google.finish(request.campus, callbackUrl);
      if (!outcome.ok) return reply.redirect(`/login?google_error=${outcome.error}`, 302);
      await app.sessionCookie.signIn(request, reply, outcome.user.id);
      return reply.redirect(outcome.redirectTo, 302);
    },
  );
}
