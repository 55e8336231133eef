import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsViewSchema } from '@common/schemas/analytics';
import type { AnalyticsService } from './analytics.service';

/** GET /api/admin/analytics: daily active students and listings, for admins only (404 to anyone else). */
export async function analyticsRoutes(
  fastify: FastifyInstance,
  { analytics }: { analytics: AnalyticsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/analytics',
    {
      // `admin` (http/access.ts): refused before the query is validated, so a 400
      // never tells anyone the route exists.
      config: { access: 'admin' },
      // Not in the public API document: the route does not advertise itself.
      schema: {
        hide: true,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsViewSchema },
      },
    },
    async (request) => analytics.daily(request.user, request.query.days),
  );
}
