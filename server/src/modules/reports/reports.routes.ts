import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReportSchema, reportCreatedSchema } from '@common/schemas/reports';
import { LIMITS } from '../../core/limits';
import type { ReportsService } from './reports.service';

/** Reports of posts, comments, messages and students (ADR 019). */
export async function reportsRoutes(
  fastify: FastifyInstance,
  { reports }: { reports: ReportsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/reports',
    {
      config: { access: 'session', rateLimit: LIMITS.post, changes: ['viewer'] },
      schema: {
        operationId: 'createReport',
        summary: 'Report a post, comment, message or student',
        body: createReportSchema,
        response: { 201: reportCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.report(request.user, request.campus, request.body)),
  );
}
