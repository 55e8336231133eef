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
  app.put('/api/users/:username/block', { config: { rateLimit: LIMITS.post }, schema }, (request) =>
    blocks.block(request.user, request.campus, request.params.username),
  );
  app.delete(
    '/api/users/:username/block',
    { config: { rateLimit: LIMITS.post }, schema },
    (request) => blocks.unblock(request.user, request.campus, request.params.username),
  );
  app.get('/api/blocks', { schema: { response: { 200: blockListSchema } } }, (request) =>
    blocks.list(request.user, request.campus),
  );
}
