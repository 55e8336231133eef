import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campusLogoSvg } from '@common/logo';
import { campusListQuerySchema, campusListSchema, campusSchema } from '@common/schemas/campus';
import type { CampusService } from './campuses.service';

/** The campus of the site, the school finder and the campus's favicon. */
export async function campusRoutes(
  fastify: FastifyInstance,
  { campuses }: { campuses: CampusService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/campus',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getCampus',
        summary: 'The campus of this site',
        response: { 200: campusSchema },
      },
    },
    async (request) => campuses.present(request.campus),
  );

  app.get(
    '/api/campuses',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'findCampuses',
        summary: 'Find schools by name',
        querystring: campusListQuerySchema,
        response: { 200: campusListSchema },
      },
    },
    async (request) => ({ items: campuses.search(request.query.q) }),
  );

  app.get(
    '/favicon.svg',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(campusLogoSvg(request.campus)),
  );
}
