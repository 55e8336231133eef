import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SiteCampus } from '@common/campuses';
import {
  ADMIN_CAMPUS_MESSAGES as M,
  adminCampusBodySchema,
  adminCampusListSchema,
  adminCampusParamsSchema,
  adminCampusSchema,
  type AdminCampus,
} from '@common/schemas/admin-campuses';
import { badRequest, conflict, HttpError, notFound } from '../../core/errors';
import { LIMITS } from '../../core/limits';
import { type CampusAdmin, CampusAdminError, CampusRetireRefused } from './campuses.admin';
import type { CampusService } from './campuses.service';

/**
 * The admin campus page's API (ADR 056): what `npm run campus` does, through
 * the same CampusAdmin and so the same rules (ADR 054). Admins only (ADMIN_EMAILS),
 * 404 to anyone else before the body is read, as the dashboard (ADR 055); not
 * in the public API document, for the same reason.
 */
export async function campusAdminRoutes(
  fastify: FastifyInstance,
  {
    admin,
    campuses,
    reload,
  }: { admin: CampusAdmin; campuses: CampusService; reload: () => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const present = presenter(campuses);
  const applied = applier(reload);
  const exists = async (id: string) => {
    if (!(await admin.list()).some((c) => c.id === id)) throw notFound('not_found', M.unknown);
  };

  app.get(
    '/api/admin/campuses',
    {
      config: { access: 'admin', changes: [] },
      schema: {
        hide: true,
        operationId: 'listAdminCampuses',
        summary: 'Every campus, retired ones included',
        response: { 200: adminCampusListSchema },
      },
    },
    async () => ({ items: (await admin.list()).map(present) }),
  );

  app.post(
    '/api/admin/campuses',
    {
      config: { access: 'admin', errors: [409], rateLimit: LIMITS.post, changes: [] },
      schema: {
        hide: true,
        operationId: 'addAdminCampus',
        summary: 'Add a campus',
        body: adminCampusBodySchema,
        response: { 201: adminCampusSchema },
      },
    },
    async (request, reply) => {
      const [added] = await applied(() => admin.add(request.body));
      return reply.status(201).send(present(added!));
    },
  );

  app.patch(
    '/api/admin/campuses/:id',
    {
      config: { access: 'admin', rateLimit: LIMITS.post, changes: [] },
      schema: {
        hide: true,
        operationId: 'editAdminCampus',
        summary: 'Change a campus; its id stays',
        params: adminCampusParamsSchema,
        body: adminCampusBodySchema,
        response: { 200: adminCampusSchema },
      },
    },
    async (request) => {
      await exists(request.params.id);
      return present(await applied(() => admin.edit(request.params.id, request.body)));
    },
  );

  app.post(
    '/api/admin/campuses/:id/retire',
    {
      config: { access: 'admin', errors: [409], rateLimit: LIMITS.post, changes: [] },
      schema: {
        hide: true,
        operationId: 'retireAdminCampus',
        summary: 'Active → read-only; read-only → closed',
        params: adminCampusParamsSchema,
        response: { 200: adminCampusSchema },
      },
    },
    async (request) => {
      await exists(request.params.id);
      return present(await applied(() => admin.retire(request.params.id)));
    },
  );
}

/** A campus as the admin page shows it: the site's fields and the operators' own. */
const presenter =
  (campuses: CampusService) =>
  (c: SiteCampus): AdminCampus => ({
    ...campuses.present(c),
    spots: c.spots,
    status: c.status,
    isDefault: c.isDefault,
    rankedFeed: c.rankedFeed,
    logoMediaId: c.logoMediaId,
  });

/**
 * Runs a change: this server serves it when the answer leaves (the bus tells
 * the others), and a refusal answers in the operator's words.
 */
const applier =
  (reload: () => Promise<void>) =>
  async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      const out = await run();
      await reload();
      return out;
    } catch (error) {
      throw refusal(error);
    }
  };

/** A refusal of CampusAdmin as the API answers it: 400 with each field's words, 409 for retiring. */
function refusal(error: unknown): unknown {
  if (!(error instanceof CampusAdminError)) return error;
  const fields = Object.keys(error.fields).length ? error.fields : undefined;
  if (error instanceof CampusRetireRefused) return conflict('campus_retire_refused', error.message);
  const [first] = error.problems;
  if (!first) return badRequest('campus_invalid', error.message);
  return new HttpError(400, 'campus_invalid', first, [...error.problems], fields);
}
