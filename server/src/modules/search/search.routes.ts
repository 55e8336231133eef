import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addSearchBodySchema,
  addSearchResultSchema,
  popularSearchesSchema,
  recentSearchesSchema,
  searchPeopleSchema,
  searchPostsSchema,
  searchQuerySchema,
  SEARCH_QUERY_MAX,
  suggestionsSchema,
} from '@common/schemas/search';
import { moderationDoneSchema } from '@common/schemas/moderation';
import { z } from 'zod';
import { idParams, NO_CONTROLS, noContentSchema, oneLine } from '@common/schemas/fields';
import { LIMITS } from '../../core/limits';
import type { SearchService } from './search.service';

const suggestionQuery = z.object({
  q: z.string().max(SEARCH_QUERY_MAX).refine(oneLine, NO_CONTROLS).default(''),
});

const lookup = { rateLimit: LIMITS.search };

/** Search of the request's campus and the viewer's search history. */
export async function searchRoutes(
  fastify: FastifyInstance,
  { search }: { search: SearchService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/search/posts',
    {
      config: { ...lookup, access: 'campus' },
      schema: {
        operationId: 'searchPosts',
        summary: 'Search the campus’s posts',
        querystring: searchQuerySchema,
        response: { 200: searchPostsSchema },
      },
    },
    async (request) => search.posts(request.user, request.campus, request.query),
  );
  app.get(
    '/api/search/media',
    {
      config: { ...lookup, access: 'campus' },
      schema: {
        operationId: 'searchMedia',
        summary: 'Search the campus’s posts with photos or videos',
        querystring: searchQuerySchema,
        response: { 200: searchPostsSchema },
      },
    },
    async (request) => search.media(request.user, request.campus, request.query),
  );
  app.get(
    '/api/search/people',
    {
      config: { ...lookup, access: 'campus' },
      schema: {
        operationId: 'searchPeople',
        summary: 'Search the campus’s students',
        querystring: searchQuerySchema,
        response: { 200: searchPeopleSchema },
      },
    },
    async (request) => search.people(request.user, request.campus, request.query),
  );
  app.get(
    '/api/search/suggestions',
    {
      config: { ...lookup, access: 'campus' },
      schema: {
        operationId: 'searchSuggestions',
        summary: 'Suggestions for a search being typed',
        querystring: suggestionQuery,
        response: { 200: suggestionsSchema },
      },
    },
    async (request) => search.suggestions(request.user, request.campus, request.query.q),
  );
  app.get(
    '/api/search/popular',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'popularSearches',
        summary: 'The campus’s popular searches',
        response: { 200: popularSearchesSchema },
      },
    },
    async (request) => search.popular(request.user, request.campus),
  );

  recentSearchRoutes(fastify, search);
  popularModerationRoutes(fastify, search);
}

/** What the campus's moderators do to its popular searches (ADR 040). */
function popularModerationRoutes(fastify: FastifyInstance, search: SearchService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.delete(
    '/api/moderation/searches/:id',
    {
      config: { access: 'staff', changes: ['campus-lists', 'viewer'] },
      schema: {
        operationId: 'dropPopularSearch',
        summary: 'Take a query off the campus’s popular searches and suggestions (moderators only)',
        params: idParams,
        response: { 200: moderationDoneSchema },
      },
    },
    async (request) => search.dropPopular(request.user, request.campus, request.params.id),
  );
}

/** The viewer's recent searches on this campus. */
function recentSearchRoutes(fastify: FastifyInstance, search: SearchService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/searches',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'listRecentSearches',
        summary: 'The viewer’s recent searches',
        response: { 200: recentSearchesSchema },
      },
    },
    async (request) => search.recent(request.user, request.campus),
  );
  app.post(
    '/api/me/searches',
    {
      config: { ...lookup, access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'addRecentSearch',
        summary: 'Remember a search among the recent ones',
        body: addSearchBodySchema,
        response: { 200: addSearchResultSchema },
      },
    },
    async (request) => search.record(request.user, request.campus, request.body.text),
  );
  app.delete(
    '/api/me/searches/:id',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'deleteRecentSearch',
        summary: 'Remove one recent search',
        params: idParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await search.removeRecent(request.user, request.campus, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/api/me/searches',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'clearRecentSearches',
        summary: 'Clear the recent searches',
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await search.clearRecent(request.user, request.campus);
      return reply.status(204).send(null);
    },
  );
}
