import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/kysely';

/** Liveness and readiness probes for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const database = await ping(app.deps.db);
    return reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', database });
  });
}
