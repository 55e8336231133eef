import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@common/schemas/fields';
import { posterQuerySchema, uploadSchema } from '@common/schemas/posts';
import { LIMITS } from '../../core/limits';
import { MAX_VIDEO_BYTES, type MediaService } from './media.service';

/**
 * Photo and video uploads for posts (docs/product/posts-and-listings.md,
 * Media): one file per request, answered with its media.
 */
export async function mediaRoutes(
  fastify: FastifyInstance,
  { media }: { media: MediaService },
): Promise<void> {
  // Multipart bodies are accepted by these routes only (the plugin is encapsulated here).
  await fastify.register(multipart, {
    limits: { files: 1, fileSize: MAX_VIDEO_BYTES, fields: 10, fieldSize: 1024, parts: 11 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/uploads',
    {
      config: { access: 'session', rateLimit: LIMITS.upload, changes: [] },
      schema: {
        operationId: 'uploadMedia',
        summary: 'Upload a photo or video for a post',
        consumes: ['multipart/form-data'],
        response: { 201: uploadSchema },
      },
    },
    async (request, reply) => {
      const created = await media.upload(request.user, request.campus, async () => {
        if (!request.isMultipart()) return undefined;
        const part = await request.file();
        if (!part) return undefined;
        return {
          field: part.fieldname,
          stream: part.file,
          truncated: () => part.file.truncated,
        };
      });
      return reply.status(201).send(created);
    },
  );

  // A video's poster frame, captured by the browser from the video (ADR 060).
  app.post(
    '/api/uploads/:id/poster',
    {
      config: { access: 'session', rateLimit: LIMITS.upload, changes: [] },
      schema: {
        operationId: 'uploadPoster',
        summary: 'Give an uploaded video, not yet posted, its poster frame and length',
        consumes: ['multipart/form-data'],
        params: idParams,
        querystring: posterQuerySchema,
        response: { 200: uploadSchema },
      },
    },
    async (request) =>
      media.uploadPoster(
        request.user,
        request.campus,
        request.params.id,
        request.query.durationMs,
        async () => {
          if (!request.isMultipart()) return undefined;
          const part = await request.file();
          if (!part) return undefined;
          return {
            field: part.fieldname,
            stream: part.file,
            truncated: () => part.file.truncated,
          };
        },
      ),
  );
}
