import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../core/errors';
import type { AppMetrics } from '../platform/metrics/prometheus';

/** Compared as SHA-256 digests: equal lengths, so the comparison takes the same time whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the Authorization header is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}

/**
 * Request latency for every route, and GET /metrics for Prometheus with the
 * token (ADR 016). Registered only when METRICS=on; otherwise /metrics is a 404
 * like any unknown path. It is a GET, so the same-origin check never applies,
 * and it answers on any host name a scraper may use.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.routeOptions.url ?? '(unmatched)',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('metrics_token', 'A valid metrics token is required.');
    }
    return reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}
