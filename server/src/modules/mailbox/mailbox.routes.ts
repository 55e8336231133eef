import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderMailboxPage } from './mailbox.page';
import type { MailboxService } from './mailbox.service';

const mailboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((v) => v || undefined),
});

const mailboxJsonSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.number(),
      sentAt: z.number().nullable(),
    }),
  ),
});

/**
 * The dev mailbox (DESIGN §4): every message in the outbox, for a developer's eyes and for
 * end-to-end tests that read codes. app.ts registers it only when `config.devMailbox`.
 */
export async function mailboxRoutes(
  fastify: FastifyInstance,
  { mailbox }: { mailbox: MailboxService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dev/mailbox.json',
    {
      schema: { hide: true, querystring: mailboxQuerySchema, response: { 200: mailboxJsonSchema } },
    },
    async (request, reply) => {
      const { items } = await mailbox.list(request.query.to);
      reply.header('cache-control', 'no-store');
      return {
        items: items.map(({ id, to, subject, text, html, createdAt, sentAt }) => ({
          id,
          to,
          subject,
          text,
          html,
          createdAt,
          sentAt,
        })),
      };
    },
  );

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: mailboxQuerySchema } },
    async (request, reply) => {
      const listing = await mailbox.list(request.query.to);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(renderMailboxPage(listing, request.query.to));
    },
  );
}
