import Stripe from 'stripe';
import type { Config } from '../../config';
import {
  type AccountUpdatedEvent,
  type PaymentProvider,
  PaymentProviderError,
  type PayoutAccountStatus,
  WebhookSignatureError,
} from './payments';

type StripeConfig = NonNullable<Config['stripe']>;

/**
 * Stripe Connect through the official SDK, on the server only. Accounts are
 * made with the Accounts v2 API that Stripe recommends for new platforms: a
 * recipient of transfers with the Stripe-hosted Express dashboard, onboarded
 * through a v2 account link. The account's state and the dashboard's login link
 * use the v1 endpoints, which serve v2 accounts too and give the three flags
 * Quad stores (ADR 013).
 */
export function createStripePayments(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...(config.api ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Quad' },
  });
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new PaymentProviderError(error);
    }
  };

  return {
    acceptsWebhooks: config.webhookSecret !== undefined,

    createAccount: (person) =>
      call(async () => {
        const account = await stripe.v2.core.accounts.create(
          {
            contact_email: person.email,
            display_name: `${person.firstName} ${person.lastName}`.trim() || person.username,
            dashboard: 'express',
            identity: {
              country: 'us',
              entity_type: 'individual',
              individual: { given_name: person.firstName, surname: person.lastName },
            },
            configuration: {
              recipient: {
                capabilities: { stripe_balance: { stripe_transfers: { requested: true } } },
              },
            },
            defaults: {
              responsibilities: { fees_collector: 'application', losses_collector: 'application' },
            },
            metadata: { quad_user_id: person.userId, quad_username: person.username },
          },
          // Two clicks at once make one account at Stripe too.
          { idempotencyKey: `quad-payout-account-${person.userId}` },
        );
        return account.id;
      }),

    onboardingLink: (accountId, { returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.v2.core.accountLinks.create({
          account: accountId,
          use_case: {
            type: 'account_onboarding',
            account_onboarding: {
              collection_options: { fields: 'currently_due' },
              return_url: returnUrl,
              refresh_url: refreshUrl,
            },
          },
        });
        return link.url;
      }),

    loginLink: (accountId) =>
      call(async () => (await stripe.accounts.createLoginLink(accountId)).url),

    status: (accountId) => call(async () => flags(await stripe.accounts.retrieve(accountId))),

    webhookEvent(rawBody, signature): AccountUpdatedEvent | null {
      if (!config.webhookSecret || !signature) throw new WebhookSignatureError('no signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error);
      }
      if (event.type !== 'account.updated') return null;
      const account = event.data.object;
      return { accountId: account.id, ...flags(account) };
    },
  };
}

function flags(account: Stripe.Account): PayoutAccountStatus {
  return {
    payoutsEnabled: account.payouts_enabled === true,
    chargesEnabled: account.charges_enabled === true,
    detailsSubmitted: account.details_submitted === true,
  };
}
