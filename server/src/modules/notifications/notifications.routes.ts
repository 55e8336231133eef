import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationSettingsSchema } from '@common/schemas/notification-settings';
import { notificationListSchema, unreadSchema } from '@common/schemas/notifications';
import { pageQuerySchema } from '@common/schemas/posts';
import { z } from 'zod';
import { unsubscribePage } from './notifications.mails';
import type { NotificationsService } from './notifications.service';

/** The viewer's notifications and the unread badge. */
export async function notificationsRoutes(
  fastify: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'listNotifications',
        summary: 'The viewer’s notifications, newest first',
        querystring: pageQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => notifications.list(request.user, request.query),
  );

  // The unsubscribe link of every alert (no session): a page with one button, so
  // that a mail scanner following links turns nothing off.
  const tokenQuery = z.object({ token: z.string().min(1).max(300) });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get(
    '/api/unsubscribe',
    { config: { access: 'public' }, schema: { hide: true, querystring: tokenQuery } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribePage(request.campus, 'ask', request.query.token)),
  );
  app.post(
    '/api/unsubscribe',
    { config: { access: 'public', changes: ['viewer'] }, schema: { hide: true, body: tokenQuery } },
    async (request, reply) => {
      const done = await notifications.unsubscribe(request.body.token);
      return reply
        .status(done ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribePage(request.campus, done ? 'done' : 'invalid'));
    },
  );

  await settingsRoutes(fastify, notifications);

  app.get(
    '/api/unread',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getUnreadCounts',
        summary: 'Unread notifications and chats',
        response: { 200: unreadSchema },
      },
    },
    async (request) => notifications.unread(request.user),
  );
}

/** The notification settings page's read and save (ADR 059). */
async function settingsRoutes(
  fastify: FastifyInstance,
  notifications: NotificationsService,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/notification-settings',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getNotificationSettings',
        summary: 'The viewer’s notification settings by kind and channel, and quiet hours',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => notifications.settings(request.user),
  );

  app.put(
    '/api/me/notification-settings',
    {
      config: { access: 'session', changes: ['viewer'] },
      schema: {
        operationId: 'saveNotificationSettings',
        summary: 'Save the viewer’s whole notification settings',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => notifications.saveSettings(request.user, request.body),
  );
}
