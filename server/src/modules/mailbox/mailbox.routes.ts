import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderMailboxPage } from './mailbox.page';
import type { MailboxService } from './mailbox.service';
import type { DevStudents } from './mailbox.students';

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
 * The dev mailbox and the dev routes beside it (ADR 035): every message in the outbox,
 * for a developer's eyes and for end-to-end tests that read codes. app.ts registers it
 * only when `config.devMailbox`, and it answers only this machine: it holds
 * password-reset links, and `npm start` listens on every interface, so anyone on the
 * network could otherwise take over any account.
 */
export async function mailboxRoutes(
  fastify: FastifyInstance,
  { mailbox, students, runJob }: { mailbox: MailboxService; students: DevStudents; runJob: RunJob },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // `local` (http/access.ts): anyone else gets what an unknown address gets, as
  // where the mailbox is off: a 403 would tell the network that this server keeps
  // everyone's links. So does a page of another site that a browser on this
  // machine reaches by DNS rebinding: its Host header names that site, not this server.
  app.get(
    '/dev/mailbox.json',
    {
      config: { access: 'local' },
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
    { config: { access: 'local' }, schema: { hide: true, querystring: mailboxQuerySchema } },
    async (request, reply) => {
      const listing = await mailbox.list(request.query.to);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(renderMailboxPage(listing, request.query.to));
    },
  );

  devRoutes(fastify, { students, runJob });
}

const devStudentBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(200),
  schoolEmail: z.string().trim().toLowerCase().email().max(320).optional(),
});

/** A job's name, and the time it runs as (ms since the epoch; now when left out). */
const jobParamsSchema = z.object({ name: z.string().max(64) });
const jobBodySchema = z.object({ at: z.number().int().positive().optional() }).default({});

/** Runs one of the app's periodic jobs now; null when there is none of that name. */
export type RunJob = (name: string, at?: number) => Promise<unknown> | null;

/**
 * What end-to-end tests need besides the mailbox (ADR 035), under the same guard:
 * a verified student signed in in one step, and a periodic job run now instead of
 * at its timer.
 */
function devRoutes(
  fastify: FastifyInstance,
  { students, runJob }: { students: DevStudents; runJob: RunJob },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/dev/students',
    {
      config: { access: 'local', changes: ['viewer'] },
      schema: { hide: true, body: devStudentBodySchema },
    },
    async (request, reply) => {
      const user = await students.make(request.body, request.campus);
      await app.sessionCookie.signIn(request, reply, user.id);
      return reply.status(201).send({ id: user.id });
    },
  );

  app.post(
    '/dev/jobs/:name',
    {
      config: { access: 'local', changes: ['viewer'] },
      schema: { hide: true, params: jobParamsSchema, body: jobBodySchema },
    },
    async (request, reply) => {
      const run = runJob(request.params.name, request.body.at);
      if (!run) return reply.callNotFound();
      return { result: await run };
    },
  );
}
