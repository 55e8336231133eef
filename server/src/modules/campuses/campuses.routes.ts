import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campusLogoSvg } from '@common/logo';
import { campusListQuerySchema, campusListSchema, campusSchema } from '@common/schemas/campus';
import { createCampusService } from './campuses.service';

export async function campusRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const campuses = createCampusService(app.deps.config.publicUrl);

  app.get('/api/campus', { schema: { response: { 200: campusSchema } } }, async (request) =>
    campuses.present(request.campus),
  );

  app.get(
    '/api/campuses',
    { schema: { querystring: campusListQuerySchema, response: { 200: campusListSchema } } },
    async (request) => ({ items: campuses.search(request.query.q) }),
  );

  app.get('/favicon.svg', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(campusLogoSvg(request.campus)),
  );
}
