import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@common/schemas/fields';
import {
  createPostBodySchema,
  feedQuerySchema,
  pageQuerySchema,
  postListSchema,
  postPageSchema,
  postSchema,
  updateListingBodySchema,
} from '@common/schemas/posts';
import { LIMITS } from '../../core/limits';
import { checkedBody } from './posts.writer';
import type { PostsService } from './posts.service';

/** Feed, post pages, posting, comments and deletes (saves: modules/likes). */
export async function postsRoutes(
  fastify: FastifyInstance,
  { posts }: { posts: PostsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const checkBodies = config.env !== 'production';
  /** Pages come as JSON text from the service (posts.writer.ts), checked outside production. */
  const json =
    (schema: typeof postListSchema | typeof postPageSchema) =>
    (reply: FastifyReply, body: string) =>
      reply.type('application/json; charset=utf-8').send(checkedBody(body, schema, checkBodies));
  const list = json(postListSchema);
  const postPage = json(postPageSchema);

  app.get(
    '/api/feed',
    { schema: { querystring: feedQuerySchema, response: { 200: postListSchema } } },
    async (request, reply) =>
      list(reply, await posts.feed(request.user, request.campus, request.query)),
  );

  app.get(
    '/api/media',
    { schema: { querystring: pageQuerySchema, response: { 200: postListSchema } } },
    async (request, reply) =>
      list(reply, await posts.mediaFeed(request.user, request.campus, request.query)),
  );

  app.get(
    '/api/saved',
    { schema: { querystring: pageQuerySchema, response: { 200: postListSchema } } },
    async (request, reply) =>
      list(reply, await posts.saved(request.user, request.campus, request.query)),
  );

  app.get(
    '/api/posts/:id',
    { schema: { params: idParams, response: { 200: postPageSchema } } },
    async (request, reply) =>
      postPage(reply, await posts.postPage(request.user, request.campus, request.params.id)),
  );

  app.post(
    '/api/posts',
    {
      config: { rateLimit: LIMITS.post },
      schema: { body: createPostBodySchema, response: { 201: postSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await posts.create(request.user, request.campus, request.body)),
  );

  app.patch(
    '/api/posts/:id',
    {
      config: { rateLimit: LIMITS.post },
      schema: { params: idParams, body: updateListingBodySchema, response: { 200: postSchema } },
    },
    async (request) =>
      posts.updateListing(request.user, request.campus, request.params.id, request.body),
  );

  // "Still available" and Renew (ADR 029): the seller bumps a listing, once a week.
  app.post(
    '/api/posts/:id/renew',
    {
      config: { rateLimit: LIMITS.post },
      schema: { params: idParams, response: { 200: postSchema } },
    },
    async (request) => posts.renewListing(request.user, request.campus, request.params.id),
  );

  app.delete(
    '/api/posts/:id',
    { schema: { params: idParams, response: { 200: z.object({ topLevel: z.boolean() }) } } },
    async (request) => posts.remove(request.user, request.campus, request.params.id),
  );
}
