import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationListSchema, unreadSchema } from '@common/schemas/notifications';
import { pageQuerySchema } from '@common/schemas/posts';
import type { NotificationsService } from './notifications.service';

/** The viewer's notifications and the unread badge. */
export async function notificationsRoutes(
  fastify: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    { schema: { querystring: pageQuerySchema, response: { 200: notificationListSchema } } },
    async (request) => notifications.list(request.user, request.query),
  );

  app.get('/api/unread', { schema: { response: { 200: unreadSchema } } }, async (request) =>
    notifications.unread(request.user),
  );
}
