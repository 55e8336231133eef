import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@common/schemas/fields';
import { usernameParams } from '@common/schemas/profiles';
import {
  listingSaleSchema,
  profileReviewsSchema,
  reviewBodySchema,
  reviewsQuerySchema,
  saleBodySchema,
  saleCandidatesSchema,
  saleSchema,
} from '@common/schemas/sales';
import { LIMITS } from '../../core/limits';
import type { SalesService } from './sales.service';

/** A listing sold to a student, and the reviews after it (ADR 052). */
export async function salesRoutes(
  fastify: FastifyInstance,
  { sales }: { sales: SalesService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/posts/:id/buyers',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getSaleCandidates',
        summary: 'The students who talked with the seller about a listing ("Sold to"; seller only)',
        params: idParams,
        response: { 200: saleCandidatesSchema },
      },
    },
    async (request) => sales.candidates(request.user, request.campus, request.params.id),
  );

  app.put(
    '/api/posts/:id/sale',
    {
      config: {
        access: 'session',
        errors: [409],
        rateLimit: LIMITS.post,
        changes: ['post', 'campus-lists', 'viewer'],
      },
      schema: {
        operationId: 'recordSale',
        summary:
          'Mark a listing sold to a student who talked about it, or to someone else (seller)',
        params: idParams,
        body: saleBodySchema,
        response: { 200: saleSchema },
      },
    },
    async (request) =>
      sales.recordSale(request.user, request.campus, request.params.id, request.body),
  );

  app.get(
    '/api/posts/:id/sale',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getListingSale',
        summary: 'A listing’s sale, for its buyer and seller only (null for anyone else)',
        params: idParams,
        response: { 200: listingSaleSchema },
      },
    },
    async (request) => sales.listingSale(request.user, request.campus, request.params.id),
  );

  reviewRoutes(fastify, sales);
}

/** Reviews of a sale and a profile's reviews. */
function reviewRoutes(fastify: FastifyInstance, sales: SalesService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/sales/:id/reviews',
    {
      config: { access: 'session', errors: [409], rateLimit: LIMITS.post, changes: ['viewer'] },
      schema: {
        operationId: 'reviewSale',
        summary: 'Review the other side of a sale: once, within 14 days (buyer or seller)',
        params: idParams,
        body: reviewBodySchema,
        response: { 201: saleSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sales.review(request.user, request.campus, request.params.id, request.body)),
  );

  app.get(
    '/api/users/:username/reviews',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'getProfileReviews',
        summary: 'A student’s visible reviews, stars, and items sold and bought',
        params: usernameParams,
        querystring: reviewsQuerySchema,
        response: { 200: profileReviewsSchema },
      },
    },
    async (request) =>
      sales.reviewsOf(request.user, request.campus, request.params.username, request.query.cursor),
  );
}
