import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { Config } from '../config';
import { HttpError, notFound } from '../core/errors';
import { canRead } from '../core/policies/campus';
import { canModerate } from '../core/policies/moderation';
import { requireSignedIn } from '../core/policies/roles';
import { isFromThisMachine, namesThisServer } from './this-machine';

/**
 * Who may call a route, declared once on the route (`config.access`, ADR
 * 043): the hook below enforces it before the handler, and the OpenAPI
 * document tells it (ADR 028). Every route declares one; a test fails on a
 * route without it.
 *
 * - `public`: anyone, a session optional (the handler may still answer
 *   differently to a guest, or check a token that is the authority).
 * - `session`: signed-in students only; a guest gets 401.
 * - `campus`: the readers of the site's campus, as the campus policy says: a
 *   guest gets 401, an account not yet verified and a student of another
 *   campus 403.
 * - `staff`: the campus's moderators (MODERATORS); to anyone else the route
 *   answers 404, as an unknown path (ADR 025).
 * - `admin`: the operators (ADMIN_EMAILS, a verified account); to anyone else
 *   404 as an unknown path, before the query is validated, so that a 400
 *   never tells anyone the route exists (ADR 016).
 * - `local`: this machine only, by one of its own names (the dev routes, ADR
 *   035); anyone else gets what an unknown address gets, before anything else.
 *
 * Finer rules about a resource (the owner, a chat's participants, blocks,
 * school verification) stay in the policies the services call.
 */
export type Access = 'public' | 'session' | 'campus' | 'staff' | 'admin' | 'local';

export const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'session',
  'campus',
  'staff',
  'admin',
  'local',
];

export interface AccessOptions {
  moderators: Config['moderators'];
  adminEmails: readonly string[];
  baseDomain: string;
}

/**
 * Enforces each route's declared access. The checks run where the services'
 * own checks ran before (after the body and query are validated), but for
 * `admin` (before validation) and `local` (as the request arrives). A
 * WebSocket is not answered with an HTTP error: the refusal waits on the
 * request for the handler to close the socket with it.
 */
export function registerAccess(app: FastifyInstance, options: AccessOptions): void {
  const admins = new Set(options.adminEmails.map((e) => e.toLowerCase()));
  const moderators = options.moderators as Partial<Record<string, readonly string[]>>;
  const accessOf = (request: FastifyRequest) => request.routeOptions.config.access;

  app.decorateRequest('accessRefusal', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (accessOf(request) !== 'local') return;
    if (isFromThisMachine(request) && namesThisServer(request, options.baseDomain)) return;
    request.log.info('a dev route answers only this machine, by one of its own names');
    return reply.callNotFound();
  });
  app.addHook('preValidation', async (request) => {
    if (accessOf(request) !== 'admin') return;
    const user = request.user;
    if (!user || !user.verified || !admins.has(user.email.toLowerCase()))
      throw notFound('not_found', `Route ${request.method} ${request.routeOptions.url} not found`);
  });
  app.addHook('preHandler', async (request) => {
    try {
      check(request);
    } catch (error) {
      if (!request.ws || !(error instanceof HttpError)) throw error;
      request.accessRefusal = error;
    }
  });

  function check(request: FastifyRequest): void {
    const access = accessOf(request);
    if (access === 'session') requireSignedIn(request.user);
    else if (access === 'campus') canRead(request.user, request.campus);
    else if (access === 'staff') canModerate(request.user, request.campus, moderators);
  }
}

/**
 * Registers a plugin whose routes are all of one access, declared here for
 * it since it declares none itself: the files of the web build and of local
 * media, the API's own documentation.
 */
export function withAccess<Options extends object>(
  access: Access,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? access };
    });
    await scope.register(plugin as FastifyPluginAsync<Options>, options);
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (http/access.ts): every route declares it. */
    access?: Access;
  }
  interface FastifyRequest {
    /** A WebSocket's refusal by its route's access, for the handler to close the socket with. */
    accessRefusal: HttpError | null;
  }
}
