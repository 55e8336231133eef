import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';

/** Paths a blocked visitor may still load: the 404 page itself and what it needs to render. */
const OPEN_PATHS = [
  /^\/404$/,
  /^\/assets\//,
  /^\/favicon\.svg$/,
  /^\/api\/campus$/,
  /^\/healthz$/,
  /^\/readyz$/,
  // Token-guarded, for a scraper wherever it runs.
  /^\/metrics$/,
];

/**
 * Quad is for visitors in the US (docs/product/campuses-and-accounts.md, US
 * only). Pages send everyone else to /404; API calls answer 403. Unknown
 * locations pass.
 */
export function registerGeoGate(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'geo'>): void {
  if (!deps.config.geo.enabled) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (OPEN_PATHS.some((p) => p.test(path))) return;
    const country = deps.geo.countryOf({ ip: request.ip, headers: request.headers });
    if (country === null || country === 'US') return;
    if (path.startsWith('/api/')) {
      return reply.status(403).send({
        error: { code: 'region_not_supported', message: 'Quad is only available in the US.' },
      });
    }
    return reply.redirect('/404', 302);
  });
}
