import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SiteCampus } from '@common/campuses';
import {
  ADMIN_CAMPUS_MESSAGES as M,
  CAMPUS_LOGO_MESSAGES as L,
  MAX_CAMPUS_LOGO_BYTES,
  adminCampusBodySchema,
  adminCampusListSchema,
  adminCampusParamsSchema,
  adminCampusSchema,
  type AdminCampus,
} from '@common/schemas/admin-campuses';
import { badRequest, conflict, HttpError, notFound, tooLarge } from '../../core/errors';
import { LIMITS } from '../../core/limits';
import { type CampusAdmin, CampusAdminError, CampusRetireRefused } from './campuses.admin';
import type { CampusLogos } from './campuses.logo';
import type { CampusService } from './campuses.service';

interface CampusAdminRouteDeps {
  admin: CampusAdmin;
  logos: CampusLogos;
  campuses: CampusService;
  reload: () => Promise<void>;
}

/**
 * The admin campus page's API (ADR 056): what `npm run campus` does, through
 * the same CampusAdmin and so the same rules (ADR 054). Admins only (ADMIN_EMAILS),
 * 404 to anyone else before the body is read, as the dashboard (ADR 055); not
 * in the public API document, for the same reason.
 */
export async function campusAdminRoutes(
  fastify: FastifyInstance,
  { admin, logos, campuses, reload }: CampusAdminRouteDeps,
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

  await logoRoutes(fastify, { logos, exists, present, applied });
}

/**
 * Upload and remove the campus logo (ADR 064): one image, at most 2 MB,
 * judged and re-encoded by CampusLogos; access and refusals as the others.
 */
async function logoRoutes(
  fastify: FastifyInstance,
  {
    logos,
    exists,
    present,
    applied,
  }: {
    logos: CampusLogos;
    exists: (id: string) => Promise<void>;
    present: (c: SiteCampus) => AdminCampus;
    applied: ReturnType<typeof applier>;
  },
): Promise<void> {
  // The upload's multipart body; the JSON bodies of the other routes are unchanged.
  await fastify.register(multipart, {
    limits: { files: 1, fileSize: MAX_CAMPUS_LOGO_BYTES, fields: 0, parts: 1 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/api/admin/campuses/:id/logo',
    {
      config: { access: 'admin', rateLimit: LIMITS.upload, changes: [] },
      schema: {
        hide: true,
        operationId: 'setAdminCampusLogo',
        summary: 'Upload the campus logo (PNG, JPEG or WebP up to 2 MB); stored as a square PNG',
        consumes: ['multipart/form-data'],
        params: adminCampusParamsSchema,
        response: { 200: adminCampusSchema },
      },
    },
    async (request) => {
      await exists(request.params.id);
      const bytes = await logoFile(request);
      return present(await applied(() => logos.set(request.params.id, bytes)));
    },
  );

  app.delete(
    '/api/admin/campuses/:id/logo',
    {
      config: { access: 'admin', rateLimit: LIMITS.post, changes: [] },
      schema: {
        hide: true,
        operationId: 'removeAdminCampusLogo',
        summary: 'Take the logo off: the site draws the monogram again',
        params: adminCampusParamsSchema,
        response: { 200: adminCampusSchema },
      },
    },
    async (request) => {
      await exists(request.params.id);
      return present(await applied(() => logos.remove(request.params.id)));
    },
  );
}

/**
 * The one file of a logo upload, whole in memory (it is at most 2 MB): a
 * missing or misnamed part, a file over the limit or a body cut off is
 * refused in the operator's words.
 */
async function logoFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('no_file', L.noFile);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw badRequest('no_file', L.noFile);
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('file_too_large', L.tooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('no_file', L.noFile);
    throw badRequest('upload_incomplete', L.uploadIncomplete);
  }
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
