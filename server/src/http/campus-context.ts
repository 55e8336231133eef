import type { FastifyInstance } from 'fastify';
import type { SiteCampus } from '@common/campuses';
import { CAMPUS_MESSAGES } from '@common/schemas/campus';
import { forbidden, HttpError } from '../core/errors';

/** What a read-only campus still lets a student do: sign in and out, not sign up (ADR 054). */
const READ_ONLY_WRITES = /^\/api\/auth\/(?!register)/;
/** What a closed campus still answers: the probes of whoever runs the server. */
const CLOSED_ANSWERS = /^\/(api\/health|metrics)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every request knows its campus from its Host header
 * (docs/product/campuses-and-accounts.md, Campus sites), through the campus
 * registry (ADR 054). A read-only campus refuses writes; a closed one answers
 * nothing but its probes.
 */
export function registerCampusResolution(
  app: FastifyInstance,
  registry: { forHost(host: string | undefined): SiteCampus },
): void {
  app.decorateRequest('campus', null as unknown as SiteCampus);
  app.addHook('onRequest', async (request) => {
    const campus = registry.forHost(request.host);
    request.campus = campus;
    const path = request.url;
    if (campus.status === 'closed' && !CLOSED_ANSWERS.test(path))
      throw new HttpError(410, 'campus_closed', CAMPUS_MESSAGES.closed);
    if (
      campus.status === 'read_only' &&
      !READS.has(request.method) &&
      path.startsWith('/api/') &&
      !READ_ONLY_WRITES.test(path)
    )
      throw forbidden('campus_read_only', CAMPUS_MESSAGES.readOnly);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    campus: SiteCampus;
  }
}
