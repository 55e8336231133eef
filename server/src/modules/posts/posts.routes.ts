import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPostBodySchema,
  feedQuerySchema,
  likersSchema,
  likeStateSchema,
  pageQuerySchema,
  postListSchema,
  postPageSchema,
  postSchema,
} from '@common/schemas/posts';
import { LIMITS } from '../../http/rate-limit';
import { createPostCache } from './posts.cache';
import { checkedBody } from './posts.writer';
import { createPostsService, type PostsService } from './posts.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * The posts service with its campus cache (ADR 004), made once per app: the
 * API and the pages that carry their first feed page (http/web-app.ts) share it.
 */
export async function createCachedPostsService(app: FastifyInstance): Promise<PostsService> {
  const { db, storage, bus, config } = app.deps;
  const log = (error: unknown) => app.log.error({ err: error }, 'post side effect failed');
  const cache = await createPostCache({ bus, ttlMs: config.postsCacheMs, log });
  app.addHook('onClose', () => cache.close());
  return createPostsService({ db, storage, bus, cache, log });
}

/** Feed, post pages, posting, comments, deletes and saves. */
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

  app.delete(
    '/api/posts/:id',
    { schema: { params: idParams, response: { 200: z.object({ topLevel: z.boolean() }) } } },
    async (request) => posts.remove(request.user, request.campus, request.params.id),
  );

  app.put(
    '/api/posts/:id/like',
    { schema: { params: idParams, response: { 200: likeStateSchema } } },
    async (request) => posts.setLiked(request.user, request.campus, request.params.id, true),
  );

  app.delete(
    '/api/posts/:id/like',
    { schema: { params: idParams, response: { 200: likeStateSchema } } },
    async (request) => posts.setLiked(request.user, request.campus, request.params.id, false),
  );

  app.get(
    '/api/posts/:id/likes',
    { schema: { params: idParams, response: { 200: likersSchema } } },
    async (request) => ({
      items: await posts.likers(request.user, request.campus, request.params.id),
    }),
  );
}
