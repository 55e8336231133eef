import { z } from 'zod';

/**
 * Seller payouts through Stripe Connect (ADR 013): the payments page's words,
 * its states, and what the provider's failures and webhook answer.
 */
export const PAYMENTS_MESSAGES = {
  title: 'Payments',
  setUpPayouts: 'Set Up Payouts',
  resumeApplication: 'Resume Application',
  payoutsEnabled: 'Payouts Enabled',
  viewEarnings: 'View Earnings',
  /** The toast when the provider's flags differed from the stored ones and were saved. */
  profileUpdated: 'Profile Updated',
  intro:
    'Get paid for what you sell. Quad works with Stripe to send your earnings straight to your bank account.',
  resumeIntro: 'Your payout application is not finished yet. Pick up where you left off.',
  enabledIntro: 'You can receive payouts. Your earnings and payout schedule are on Stripe.',
  notConfiguredTitle: 'Payouts are not available on this site',
  notConfigured:
    'This Quad site has no payment provider set up, so buyers and sellers pay in person. Nothing to do here.',
  unavailable: 'Payouts are unavailable right now. Please try again.',
  noAccount: 'Set up payouts first.',
  notOnboarded: 'Finish your payout application first.',
  badSignature: 'The webhook signature is not valid.',
  webhookNotConfigured: 'This site does not take payment webhooks.',
} as const;

/** No account, application unfinished, payouts enabled; or a site without a provider. */
export const PAYOUT_STATES = ['not_configured', 'none', 'onboarding', 'enabled'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export const payoutStatusSchema = z.object({
  state: z.enum(PAYOUT_STATES),
  payoutsEnabled: z.boolean(),
  chargesEnabled: z.boolean(),
  onboardingComplete: z.boolean(),
  /** The provider's flags differed from the stored ones and were saved ("Profile Updated"). */
  changed: z.boolean(),
});
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

export const payoutLinkSchema = z.object({ url: z.string().url() });
export type PayoutLink = z.infer<typeof payoutLinkSchema>;
