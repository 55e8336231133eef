/**
 * Seller payouts through a payment provider (ADR 013): one interface,
 * implemented with Stripe Connect in stripe.ts. Nothing here knows about
 * students or the database; the payments module does.
 */

/**
 * What Quad reads of a connected account: the three flags of
 * docs/product/profiles-and-payments.md, Payouts.
 */
export interface PayoutAccountStatus {
  payoutsEnabled: boolean;
  chargesEnabled: boolean;
  /** The seller finished the provider's onboarding form (`details_submitted`). */
  detailsSubmitted: boolean;
}

/** A verified webhook event that changes a connected account. */
export interface AccountUpdatedEvent extends PayoutAccountStatus {
  accountId: string;
}

export interface PayoutPerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
}

export interface PaymentProvider {
  /** A new connected account for the student; its id. */
  createAccount(person: PayoutPerson): Promise<string>;
  /** A single-use link to the provider's onboarding, coming back to `returnUrl` (or `refreshUrl` when it expired). */
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<string>;
  /** A single-use link into the provider's dashboard of the account ("View Earnings"). */
  loginLink(accountId: string): Promise<string>;
  status(accountId: string): Promise<PayoutAccountStatus>;
  /**
   * The event of a webhook request, its signature verified: an account update,
   * or null for an event Quad does not act on. Throws WebhookSignatureError.
   */
  webhookEvent(rawBody: Buffer, signature: string | undefined): AccountUpdatedEvent | null;
  /** Whether webhooks can be verified (a signing secret is configured). */
  readonly acceptsWebhooks: boolean;
}

/** The webhook's body was not signed by the provider with our secret (or is no event). */
export class WebhookSignatureError extends Error {
  constructor(cause: unknown) {
    super('webhook signature verification failed', { cause });
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or refused a call. */
export class PaymentProviderError extends Error {
  constructor(cause: unknown) {
    super(
      `payment provider call failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'PaymentProviderError';
  }
}
