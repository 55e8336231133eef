import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payoutLinkSchema, payoutStatusSchema } from '@common/schemas/payments';
import { z } from 'zod';
import { LIMITS } from '../../core/limits';
import type { PaymentsService } from './payments.service';

/** Seller payouts (ADR 013) and the payment provider's webhook. */
export async function paymentsRoutes(
  fastify: FastifyInstance,
  { payments }: { payments: PaymentsService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/payments/status',
    {
      config: { access: 'session' },
      schema: {
        operationId: 'getPayoutStatus',
        summary: 'The viewer’s payout account status',
        response: { 200: payoutStatusSchema },
      },
    },
    async (request) => payments.status(request.user),
  );
  app.post(
    '/api/payments/account',
    {
      config: { access: 'session', errors: [502], rateLimit: LIMITS.mail, changes: ['viewer'] },
      schema: {
        operationId: 'createPayoutAccount',
        summary: 'Open a payout account',
        response: { 200: payoutStatusSchema },
      },
    },
    async (request) => payments.createAccount(request.user),
  );
  app.post(
    '/api/payments/account-link',
    {
      config: {
        access: 'session',
        errors: [409, 502],
        rateLimit: LIMITS.lookup,
        changes: ['viewer'],
      },
      schema: {
        operationId: 'createOnboardingLink',
        summary: 'A link to finish setting up payouts',
        response: { 200: payoutLinkSchema },
      },
    },
    async (request) => payments.onboardingLink(request.user, request.campus),
  );
  app.post(
    '/api/payments/login-link',
    {
      config: {
        access: 'session',
        errors: [409, 502],
        rateLimit: LIMITS.lookup,
        changes: ['viewer'],
      },
      schema: {
        operationId: 'createPayoutLoginLink',
        summary: 'A link to the payout dashboard',
        response: { 200: payoutLinkSchema },
      },
    },
    async (request) => payments.loginLink(request.user),
  );
  await app.register(webhookRoute, { payments });
}

/**
 * `/api/payments/webhook`: the provider signs the exact bytes it sends, so
 * this route (in a scope of its own) keeps the body as it came.
 */
async function webhookRoute(
  fastify: FastifyInstance,
  { payments }: { payments: PaymentsService },
): Promise<void> {
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/payments/webhook',
    {
      config: { signedByProvider: true, access: 'public', changes: ['viewer'] },
      schema: {
        operationId: 'receivePaymentEvent',
        summary: 'The payment provider’s signed events',
        headers: z.object({ 'stripe-signature': z.string().max(2048).optional() }),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      await payments.webhook(request.body as Buffer, request.headers['stripe-signature']);
      return { received: true as const };
    },
  );
}
