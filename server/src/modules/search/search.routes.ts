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
import { z } from 'zod';
import { idParams, NO_CONTROLS, oneLine } from '@common/schemas/fields';
import { LIMITS } from '../../core/limits';
import type { SearchService } from './search.service';

const suggestionQuery = z.object({
  q: z.string().max(SEARCH_QUERY_MAX).refine(oneLine, NO_CONTROLS).default(''),
});

/** Search of the request's campus and the viewer's search history (DESIGN §6). */
export async function searchRoutes(
  fastify: FastifyInstance,
  { search }: { search: SearchService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const lookup = { rateLimit: LIMITS.search };

  app.get(
    '/api/search/posts',
    {
      config: lookup,
      schema: { querystring: searchQuerySchema, response: { 200: searchPostsSchema } },
    },
    async (request) => search.posts(request.user, request.campus, request.query),
  );
  app.get(
    '/api/search/media',
    {
      config: lookup,
      schema: { querystring: searchQuerySchema, response: { 200: searchPostsSchema } },
    },
    async (request) => search.media(request.user, request.campus, request.query),
  );
  app.get(
    '/api/search/people',
    {
      config: lookup,
      schema: { querystring: searchQuerySchema, response: { 200: searchPeopleSchema } },
    },
    async (request) => search.people(request.user, request.campus, request.query),
  );
  app.get(
    '/api/search/suggestions',
    {
      config: lookup,
      schema: { querystring: suggestionQuery, response: { 200: suggestionsSchema } },
    },
    async (request) => search.suggestions(request.user, request.campus, request.query.q),
  );
  app.get(
    '/api/search/popular',
    { schema: { response: { 200: popularSearchesSchema } } },
    async (request) => search.popular(request.user, request.campus),
  );

  app.get(
    '/api/me/searches',
    { schema: { response: { 200: recentSearchesSchema } } },
    async (request) => search.recent(request.user, request.campus),
  );
  app.post(
    '/api/me/searches',
    {
      config: lookup,
      schema: { body: addSearchBodySchema, response: { 200: addSearchResultSchema } },
    },
    async (request) => search.record(request.user, request.campus, request.body.text),
  );
  app.delete('/api/me/searches/:id', { schema: { params: idParams } }, async (request, reply) => {
    await search.removeRecent(request.user, request.campus, request.params.id);
    return reply.status(204).send();
  });
  app.delete('/api/me/searches', async (request, reply) => {
    await search.clearRecent(request.user, request.campus);
    return reply.status(204).send();
  });
}
