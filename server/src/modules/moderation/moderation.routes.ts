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
    {
      config: { access: 'staff' },
      schema: {
        operationId: 'getModerationQueue',
        summary: 'The campus’s open reports (moderators only)',
        querystring: moderationQuerySchema,
        response: { 200: moderationPageSchema },
      },
    },
    async (request) => moderation.queue(request.user, request.campus, request.query),
  );
  app.post(
    '/api/moderation/actions',
    {
      config: {
        access: 'staff',
        rateLimit: LIMITS.post,
        changes: ['post', 'campus-lists', 'viewer'],
      },
      schema: {
        operationId: 'takeModerationAction',
        summary: 'Dismiss a report, or remove, warn, suspend or ban (moderators only)',
        body: moderationActionSchema,
        response: { 200: moderationDoneSchema },
      },
    },
    async (request) => moderation.act(request.user, request.campus, request.body),
  );
}
