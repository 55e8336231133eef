import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockListSchema, blockResultSchema } from '@common/schemas/blocks';
import { usernameParams } from '@common/schemas/profiles';
import { LIMITS } from '../../core/limits';
import type { BlocksService } from './blocks.service';

/** Blocking a student, lifting it, and the viewer's blocked students (ADR 024). */
export async function blocksRoutes(
  fastify: FastifyInstance,
  { blocks }: { blocks: BlocksService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { params: usernameParams, response: { 200: blockResultSchema } };
  app.put(
    '/api/users/:username/block',
    {
      config: {
        access: 'session',
        rateLimit: LIMITS.post,
        changes: ['campus-lists', 'blocks', 'viewer'],
      },
      schema: { ...schema, operationId: 'blockStudent', summary: 'Block a student' },
    },
    (request) => blocks.block(request.user, request.campus, request.params.username),
  );
  app.delete(
    '/api/users/:username/block',
    {
      config: {
        access: 'session',
        rateLimit: LIMITS.post,
        changes: ['campus-lists', 'blocks', 'viewer'],
      },
      schema: { ...schema, operationId: 'unblockStudent', summary: 'Unblock a student' },
    },
    (request) => blocks.unblock(request.user, request.campus, request.params.username),
  );
  app.get(
    '/api/blocks',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'listBlocks',
        summary: 'The students the viewer blocked',
        response: { 200: blockListSchema },
      },
    },
    (request) => blocks.list(request.user, request.campus),
  );
}
