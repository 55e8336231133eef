import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campusLogoSvg } from '@common/logo';
import { campusListQuerySchema, campusListSchema, campusSchema } from '@common/schemas/campus';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import type { CampusLogos } from './campuses.logo';
import type { CampusService } from './campuses.service';

/** How big the favicon's picture of an uploaded logo is drawn (sharp on high-density screens). */
const FAVICON_PIXELS = 128;
const LOGO_FILE = /^([0-9a-f-]{36})\.png$/;

/** The campus of the site, the school finder, the campus's favicon and its uploaded logo. */
export async function campusRoutes(
  fastify: FastifyInstance,
  { campuses, logos }: { campuses: CampusService; logos: CampusLogos },
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

  // The uploaded logo (ADR 064), served by every campus's site so the school
  // finder can show another school's from its own origin. The version in the
  // name changes with each upload: the file never does.
  app.get(
    '/campus-logos/:campus/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ campus: z.string(), file: z.string() }) },
    },
    async (request, reply) => {
      const campus = campuses.get(request.params.campus);
      const version = LOGO_FILE.exec(request.params.file)?.[1];
      const png =
        campus?.logoMediaId && version === campus.logoMediaId ? await logos.read(campus) : null;
      if (!png) throw notFound('not_found', 'There is no such logo.');
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  );

  // The uploaded logo inside an SVG when there is one, else the monogram. The
  // page links it with the logo's version (pages.service.ts), so a new logo is
  // fetched at once; a browser asking on its own keeps it an hour at most.
  app.get(
    '/favicon.svg',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const campus = request.campus;
      const svg = campus.logoMediaId
        ? await faviconOfLogo(logos, campus)
        : campusLogoSvg(request.campus);
      return reply
        .type('image/svg+xml')
        .header('cache-control', `public, max-age=${campus.logoMediaId ? 3600 : 86400}`)
        .send(svg);
    },
  );
}

/** An SVG document holding the campus's uploaded logo as a PNG (the favicon link stays an SVG). */
async function faviconOfLogo(
  logos: CampusLogos,
  campus: Parameters<CampusLogos['campusIcon']>[0],
): Promise<string> {
  const png = await logos.campusIcon(campus, FAVICON_PIXELS);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<image width="64" height="64" href="data:image/png;base64,${png.toString('base64')}"/></svg>`
  );
}
