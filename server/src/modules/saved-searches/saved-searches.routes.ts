import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSavedSearchSchema,
  savedSearchesSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
} from '@common/schemas/search';
import { idParams, noContentSchema } from '@common/schemas/fields';
import type { SavedSearchesService } from './saved-searches.service';

/** The viewer's saved searches (ADR 010). */
export async function savedSearchesRoutes(
  fastify: FastifyInstance,
  { savedSearches }: { savedSearches: SavedSearchesService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/saved-searches',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'listSavedSearches',
        summary: 'The viewer’s “Alert me” searches',
        response: { 200: savedSearchesSchema },
      },
    },
    async (request) => savedSearches.list(request.user, request.campus),
  );
  app.post(
    '/api/me/saved-searches',
    {
      config: { access: 'session', errors: [409], changes: ['viewer'] },
      schema: {
        operationId: 'createSavedSearch',
        summary: 'Get alerts for new posts matching a search',
        body: createSavedSearchSchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await savedSearches.create(request.user, request.campus, request.body)),
  );
  app.patch(
    '/api/me/saved-searches/:id',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'updateSavedSearch',
        summary: 'Pause, resume or change an alert',
        params: idParams,
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) =>
      savedSearches.update(request.user, request.campus, request.params.id, request.body),
  );
  app.delete(
    '/api/me/saved-searches/:id',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'deleteSavedSearch',
        summary: 'Stop an alert',
        params: idParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await savedSearches.remove(request.user, request.campus, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
