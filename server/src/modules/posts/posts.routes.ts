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
import { checkedBody } from './posts.templates';
import type { PostsService } from './posts.service';

/** Feed, post pages, posting, comments and deletes (saves: modules/likes). */
export async function postsRoutes(
  fastify: FastifyInstance,
  { posts }: { posts: PostsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const checkBodies = config.env !== 'production';
  /** Pages come as JSON bytes from the service (posts.templates.ts), checked outside production. */
  const json =
    (schema: typeof postListSchema | typeof postPageSchema) =>
    (reply: FastifyReply, body: Buffer) =>
      reply.type('application/json; charset=utf-8').send(checkedBody(body, schema, checkBodies));
  const list = json(postListSchema);
  const postPage = json(postPageSchema);

  app.get(
    '/api/feed',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'getFeed',
        summary: 'The campus feed, newest first, with the listing filters',
        querystring: feedQuerySchema,
        response: { 200: postListSchema },
      },
    },
    async (request, reply) =>
      list(reply, await posts.feed(request.user, request.campus, request.query)),
  );

  app.get(
    '/api/media',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'getMediaFeed',
        summary: 'The campus posts with photos or videos',
        querystring: pageQuerySchema,
        response: { 200: postListSchema },
      },
    },
    async (request, reply) =>
      list(reply, await posts.mediaFeed(request.user, request.campus, request.query)),
  );

  app.get(
    '/api/saved',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getSavedPosts',
        summary: 'The posts the viewer saved',
        querystring: pageQuerySchema,
        response: { 200: postListSchema },
      },
    },
    async (request, reply) =>
      list(reply, await posts.saved(request.user, request.campus, request.query)),
  );

  app.get(
    '/api/posts/:id',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'getPost',
        summary: 'A post with its parents and its comment thread',
        params: idParams,
        response: { 200: postPageSchema },
      },
    },
    async (request, reply) =>
      postPage(reply, await posts.postPage(request.user, request.campus, request.params.id)),
  );

  postWriteRoutes(fastify, posts);
}

/** Posting, comments, listing changes and deletes. */
function postWriteRoutes(fastify: FastifyInstance, posts: PostsService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/posts',
    {
      config: { access: 'session', rateLimit: LIMITS.post, changes: ['post', 'campus-lists'] },
      schema: {
        operationId: 'createPost',
        summary: 'Post, or comment on a post',
        body: createPostBodySchema,
        response: { 201: postSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await posts.create(request.user, request.campus, request.body)),
  );

  app.patch(
    '/api/posts/:id',
    {
      config: {
        access: 'session',
        rateLimit: LIMITS.post,
        changes: ['post', 'campus-lists', 'viewer'],
      },
      schema: {
        operationId: 'updateListing',
        summary: 'Change a listing: price, OBO, condition or status',
        params: idParams,
        body: updateListingBodySchema,
        response: { 200: postSchema },
      },
    },
    async (request) =>
      posts.updateListing(request.user, request.campus, request.params.id, request.body),
  );

  // "Still available" and Renew (ADR 029): the seller bumps a listing, once a week.
  app.post(
    '/api/posts/:id/renew',
    {
      config: {
        access: 'session',
        errors: [409],
        rateLimit: LIMITS.post,
        changes: ['post', 'campus-lists', 'viewer'],
      },
      schema: {
        operationId: 'renewListing',
        summary: 'Move a listing back to the top and renew it for 60 days (seller, once a week)',
        params: idParams,
        response: { 200: postSchema },
      },
    },
    async (request) => posts.renewListing(request.user, request.campus, request.params.id),
  );

  app.delete(
    '/api/posts/:id',
    {
      config: { access: 'session', changes: ['post', 'campus-lists', 'viewer'] },
      schema: {
        operationId: 'deletePost',
        summary: 'Delete a post or comment',
        params: idParams,
        response: { 200: z.object({ topLevel: z.boolean() }) },
      },
    },
    async (request) => posts.remove(request.user, request.campus, request.params.id),
  );
}
