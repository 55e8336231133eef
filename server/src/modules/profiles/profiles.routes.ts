import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionResultSchema } from '@common/schemas/auth';
import { profilePostListSchema } from '@common/schemas/posts';
import {
  PROFILE_MESSAGES,
  profileSchema,
  profileTabQuerySchema,
  reportBodySchema,
  reportResultSchema,
  updateProfileBodySchema,
  usernameParams,
} from '@common/schemas/profiles';
import { z } from 'zod';
import { tooLarge } from '../../core/errors';
import { LIMITS } from '../../core/limits';
import { MAX_IMAGE_BYTES, MEDIA_MESSAGES } from '../media/media.service';
import type { ProfilesService } from './profiles.service';

const updatedSchema = sessionResultSchema.extend({ message: z.string() });
/** Lists come as JSON text from the posts module (posts.templates.ts). */
const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);

/** Profiles and their tabs, the viewer's own profile edits and photo, reports. */
export async function profilesRoutes(
  fastify: FastifyInstance,
  { profiles }: { profiles: ProfilesService },
): Promise<void> {
  await fastify.register(multipart, {
    limits: { files: 1, fileSize: MAX_IMAGE_BYTES, fields: 0, parts: 1 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/:username',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'getProfile',
        summary: 'A student’s profile',
        params: usernameParams,
        response: { 200: profileSchema },
      },
    },
    async (request) => profiles.profile(request.user, request.campus, request.params.username),
  );
  app.get(
    '/api/users/:username/posts',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'getProfilePosts',
        summary: 'A profile tab: a student’s posts, photos, saves or replies',
        params: usernameParams,
        querystring: profileTabQuerySchema,
        response: { 200: profilePostListSchema },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await profiles.tab(request.user, request.campus, request.params.username, request.query),
      ),
  );
  app.post(
    '/api/users/:username/report',
    {
      config: { access: 'session', rateLimit: LIMITS.post, changes: ['viewer'] },
      schema: {
        operationId: 'reportStudent',
        summary: 'Report a student',
        params: usernameParams,
        body: reportBodySchema,
        response: { 200: reportResultSchema },
      },
    },
    async (request) =>
      profiles.report(request.user, request.campus, request.params.username, request.body.reason),
  );

  ownProfileRoutes(fastify, profiles);
}

/** The viewer's own profile: its details and photo. */
function ownProfileRoutes(fastify: FastifyInstance, profiles: ProfilesService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/api/me',
    {
      config: { access: 'session', changes: ['student-profile', 'viewer'] },
      schema: {
        operationId: 'updateProfile',
        summary: 'Change the viewer’s profile: name and bio',
        body: updateProfileBodySchema,
        response: { 200: updatedSchema },
      },
    },
    async (request) => ({
      viewer: await profiles.update(request.user, request.body),
      message: PROFILE_MESSAGES.profileUpdated,
    }),
  );
  app.put(
    '/api/me/avatar',
    {
      config: {
        access: 'session',
        rateLimit: LIMITS.upload,
        changes: ['student-profile', 'viewer'],
      },
      schema: {
        operationId: 'setAvatar',
        summary: 'Upload a new profile photo',
        consumes: ['multipart/form-data'],
        response: { 200: updatedSchema },
      },
    },
    async (request) => {
      const viewer = await profiles.avatar(request.user, async () => {
        if (!request.isMultipart()) return undefined;
        const part = await request.file();
        if (!part || part.fieldname !== 'file') return undefined;
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw tooLarge('file_too_large', MEDIA_MESSAGES.photoTooLarge);
          }
          throw error;
        });
        return bytes;
      });
      return { viewer, message: PROFILE_MESSAGES.profileUpdated };
    },
  );
}
