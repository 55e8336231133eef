import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentSchema } from '@common/schemas/fields';
import {
  pushDeviceListSchema,
  pushDeviceParams,
  pushDeviceSchema,
  pushEndpointQuery,
  pushKeySchema,
  pushSubscriptionBodySchema,
} from '@common/schemas/push';
import { LIMITS } from '../../core/limits';
import type { PushService } from './push.service';

/** Web push (ADR 058): the server's key, and the viewer's devices that get pushes. */
export async function pushRoutes(
  fastify: FastifyInstance,
  { push }: { push: PushService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/push/key',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getPushKey',
        summary: 'The VAPID public key to subscribe to pushes with',
        response: { 200: pushKeySchema },
      },
    },
    async () => push.publicKey(),
  );

  app.get(
    '/api/me/push-devices',
    {
      config: { access: 'campus' },
      schema: {
        operationId: 'listPushDevices',
        summary: 'The viewer’s devices that get push notifications',
        response: { 200: pushDeviceListSchema },
      },
    },
    (request) => push.devices(request.user, request.campus),
  );

  app.put(
    '/api/me/push-devices',
    {
      config: { access: 'campus', rateLimit: LIMITS.post, changes: ['viewer'] },
      schema: {
        operationId: 'subscribePushDevice',
        summary: 'Turn push notifications on for this device',
        body: pushSubscriptionBodySchema,
        response: { 200: pushDeviceSchema },
      },
    },
    (request) =>
      push.subscribe(request.user, request.campus, request.body, {
        userAgent: request.headers['user-agent'],
        sessionId: request.session?.id,
      }),
  );

  app.delete(
    '/api/me/push-devices',
    {
      config: { access: 'campus', errors: [404], changes: ['viewer'] },
      schema: {
        operationId: 'unsubscribePushEndpoint',
        summary: 'Turn push notifications off for this device, by its endpoint',
        querystring: pushEndpointQuery,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await push.removeEndpoint(request.user, request.campus, request.query.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/me/push-devices/:id',
    {
      config: { access: 'campus', changes: ['viewer'] },
      schema: {
        operationId: 'removePushDevice',
        summary: 'Stop push notifications to one of the viewer’s devices',
        params: pushDeviceParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await push.removeDevice(request.user, request.campus, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
