import type { FastifyInstance } from 'fastify';
import { readiness } from './health.service';

/** Liveness and readiness probes for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { ready, database } = await readiness(app.deps.db);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', database });
  });
}
