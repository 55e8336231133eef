import type { FastifyInstance } from 'fastify';
import { type Campus, campusForHost } from '@common/campuses';
import type { Config } from '../config';

/**
 * Every request knows its campus from its Host header
 * (docs/product/campuses-and-accounts.md, Campus sites).
 */
export function registerCampusResolution(app: FastifyInstance, config: Config): void {
  app.decorateRequest('campus', null as unknown as Campus);
  app.addHook('onRequest', async (request) => {
    request.campus = campusForHost(request.host, config.baseDomain);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    campus: Campus;
  }
}
