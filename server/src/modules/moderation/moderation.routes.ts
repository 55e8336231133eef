import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  moderationActionSchema,
  moderationDoneSchema,
  moderationPageSchema,
  moderationQuerySchema,
} from '@common/schemas/moderation';
import { LIMITS } from '../../core/limits';
import type { ModerationService } from './moderation.service';

/** The campus's moderation queue and its actions (ADR 025); 404 to anyone but its moderators. */
export async function moderationRoutes(
  fastify: FastifyInstance,
  { moderation }: { moderation: ModerationService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/moderation/reports',
    { schema: { querystring: moderationQuerySchema, response: { 200: moderationPageSchema } } },
    async (request) => moderation.queue(request.user, request.campus, request.query),
  );
  app.post(
    '/api/moderation/actions',
    {
      config: { rateLimit: LIMITS.post },
      schema: { body: moderationActionSchema, response: { 200: moderationDoneSchema } },
    },
    async (request) => moderation.act(request.user, request.campus, request.body),
  );
}
