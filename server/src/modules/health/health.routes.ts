import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service';

/** Liveness and readiness probes for load balancers and orchestrators. */
export async function healthRoutes(
  app: FastifyInstance,
  { health }: { health: HealthService },
): Promise<void> {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));
  // 503 names the dependency that is down, e.g. { status: 'unavailable', database: true, redis: false }.
  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const { ready, ...dependencies } = await health.readiness();
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ok' : 'unavailable', ...dependencies });
    },
  );
}
