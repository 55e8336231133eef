import { PAYMENTS_MESSAGES as M } from '@common/schemas/payments';
import { badRequest, notFound } from '../../core/errors';
import type { Db } from '../../db/kysely';
import { type PaymentProvider, WebhookSignatureError } from '../../platform/payments/payments';
import { paymentsRepository as payouts } from './payments.repository';
import { providerOf } from './payments.provider';

/** Builds PaymentsService's webhook (documented there). */
export function createPayoutWebhook({
  db,
  provider,
  now,
}: {
  db: Db;
  provider: PaymentProvider | null;
  now: () => number;
}) {
  return async (rawBody: Buffer, signature: string | undefined): Promise<void> => {
    const p = providerOf(provider);
    if (!p.acceptsWebhooks) throw notFound('webhook_not_configured', M.webhookNotConfigured);
    let event;
    try {
      event = p.webhookEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw badRequest('bad_signature', M.badSignature);
      throw error;
    }
    if (!event) return;
    await payouts.setFlags(
      db.kysely,
      event.accountId,
      {
        payoutsEnabled: event.payoutsEnabled,
        chargesEnabled: event.chargesEnabled,
        onboardingComplete: event.detailsSubmitted,
      },
      now(),
    );
  };
}
