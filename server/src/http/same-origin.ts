import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES as M } from '@common/messages';
import { forbidden } from '../core/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from this site: a same-origin Origin
 * header, or the X-Quad-CSRF header that only this site's scripts can send
 * (other origins would need a CORS preflight Quad never grants). Every route
 * that matched is checked, judged by the route and not the raw URL:
 * `/%61pi/auth/logout` reaches `/api/auth/logout` too. A request that matched
 * no route changes nothing (it is answered 404).
 */
export function registerSameOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || request.routeOptions.url === undefined) return;
    // A provider's server-to-server call, authenticated by its own signature.
    if (request.routeOptions.config.signedByProvider === true) return;
    if (request.headers['x-quad-csrf']) return;
    const origin = request.headers.origin;
    if (origin && origin === `${request.protocol}://${request.host}`) return;
    throw forbidden('cross_origin', M.crossOrigin);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is called by another service and checks that service's signature instead. */
    signedByProvider?: boolean;
  }
}
