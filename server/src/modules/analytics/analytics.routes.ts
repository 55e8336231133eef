import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsViewSchema } from '@common/schemas/analytics';
import { dashboardQuerySchema, dashboardSchema } from '@common/schemas/dashboard';
import { readDashboard } from './analytics.dashboard';
import type { AnalyticsService } from './analytics.service';

/**
 * GET /api/admin/analytics: daily active students and listings; GET
 * /api/admin/dashboard: the operators' dashboard (ADR 055). Admins only, 404
 * to anyone else.
 */
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
  app.get(
    '/api/admin/dashboard',
    {
      // As above: `admin` refuses before the query is validated; reads only.
      config: { access: 'admin', changes: [] },
      schema: {
        hide: true,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => readDashboard(app.deps.db.kysely, { ...request.query, now: Date.now() }),
  );
}
