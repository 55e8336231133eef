import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@common/schemas/fields';
import { likersSchema, likeStateSchema } from '@common/schemas/posts';
import { LIMITS } from '../../core/limits';
import type { LikesService } from './likes.service';

/** Saving a post, unsaving it, and who saved it. */
export async function likesRoutes(
  fastify: FastifyInstance,
  { likes }: { likes: LikesService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/api/posts/:id/like',
    {
      config: { access: 'session', rateLimit: LIMITS.toggle, changes: ['post', 'saves'] },
      schema: {
        operationId: 'savePost',
        summary: 'Save (like) a post',
        params: idParams,
        response: { 200: likeStateSchema },
      },
    },
    async (request) => likes.setLiked(request.user, request.campus, request.params.id, true),
  );

  app.delete(
    '/api/posts/:id/like',
    {
      config: { access: 'session', rateLimit: LIMITS.toggle, changes: ['post', 'saves'] },
      schema: {
        operationId: 'unsavePost',
        summary: 'Remove a save',
        params: idParams,
        response: { 200: likeStateSchema },
      },
    },
    async (request) => likes.setLiked(request.user, request.campus, request.params.id, false),
  );

  app.get(
    '/api/posts/:id/likes',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'getPostLikers',
        summary: 'The students who saved a post',
        params: idParams,
        response: { 200: likersSchema },
      },
    },
    async (request) => ({
      items: await likes.likers(request.user, request.campus, request.params.id),
    }),
  );
}
