import { campusUrl, type Campus } from '@common/campuses';
import { PAYMENTS_MESSAGES as M, type PayoutStatus } from '@common/schemas/payments';
import { conflict } from '../../core/errors';
import { requireSignedIn, requireVerified } from '../../core/policies/roles';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { PaymentProvider } from '../../platform/payments/payments';
import { callProvider, providerOf } from './payments.provider';
import { createPayoutWebhook } from './payments.webhook';
import { paymentsRepository as payouts, type StoredPayoutAccount } from './payments.repository';

export interface PaymentsServiceDeps {
  db: Db;
  /** Null where the site has no payment provider (no STRIPE_SECRET_KEY). */
  provider: PaymentProvider | null;
  publicUrl: string;
  now?: () => number;
  log?: (error: unknown) => void;
}

const PAGE = '/settings/payments';

/**
 * Seller payouts through Stripe Connect: the page's three states, the account and its
 * onboarding and dashboard links, and the provider's webhook. Only the
 * student's own account is ever read or changed.
 */
export interface PaymentsService {
  /**
   * The page's state, synchronised on load: the provider's
   * flags replace the stored ones where they differ. When the provider
   * cannot be reached the stored state is shown.
   */
  status(viewer: UserRow | null): Promise<PayoutStatus>;
  /** "Set Up Payouts": a connected account for the student, once (a second call keeps the first). */
  createAccount(viewer: UserRow | null): Promise<PayoutStatus>;
  /** The provider's onboarding for "Set Up Payouts" and "Resume Application", back to this campus's page. */
  onboardingLink(viewer: UserRow | null, campus: Campus): Promise<{ url: string }>;
  /** "View Earnings": the provider's dashboard, once onboarding is complete. */
  loginLink(viewer: UserRow | null): Promise<{ url: string }>;
  /**
   * The provider's `account.updated` event, its signature verified: the
   * account's flags are saved on its student. Other events and unknown
   * accounts are acknowledged and ignored (the provider would retry an error).
   */
  webhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
}

/** Builds the PaymentsService. */
export function createPaymentsService({
  db,
  provider,
  publicUrl,
  now = Date.now,
  log = () => undefined,
}: PaymentsServiceDeps): PaymentsService {
  const stored = async (userId: string): Promise<StoredPayoutAccount> =>
    (await payouts.find(db.kysely, userId))!;

  const fromProvider = callProvider(log);
  const requireProvider = () => providerOf(provider);

  return {
    async status(viewer: UserRow | null): Promise<PayoutStatus> {
      requireSignedIn(viewer);
      const account = await stored(viewer.id);
      if (!provider) return present({ ...account, accountId: null }, false, false);
      if (!account.accountId) return present(account, true, false);
      let remote;
      try {
        remote = await provider.status(account.accountId);
      } catch (error) {
        log(error);
        return present(account, true, false);
      }
      const flags = {
        payoutsEnabled: remote.payoutsEnabled,
        chargesEnabled: remote.chargesEnabled,
        onboardingComplete: remote.detailsSubmitted,
      };
      const changed =
        flags.payoutsEnabled !== account.payoutsEnabled ||
        flags.chargesEnabled !== account.chargesEnabled ||
        flags.onboardingComplete !== account.onboardingComplete;
      if (changed) await payouts.setFlags(db.kysely, account.accountId, flags, now());
      return present({ ...account, ...flags }, true, changed);
    },

    async createAccount(viewer: UserRow | null): Promise<PayoutStatus> {
      requireVerified(viewer);
      const p = requireProvider();
      const account = await stored(viewer.id);
      if (account.accountId) return present(account, true, false);
      const accountId = await fromProvider(() =>
        p.createAccount({
          userId: viewer.id,
          email: viewer.email,
          firstName: viewer.first_name,
          lastName: viewer.last_name,
          username: viewer.username,
        }),
      );
      // Two requests at once: the provider's idempotency key gives both the
      // same account, and only the first stores it.
      await payouts.attach(db.kysely, viewer.id, accountId, now());
      return present(await stored(viewer.id), true, false);
    },

    async onboardingLink(viewer: UserRow | null, campus: Campus): Promise<{ url: string }> {
      requireVerified(viewer);
      const p = requireProvider();
      const { accountId } = await stored(viewer.id);
      if (!accountId) throw conflict('payout_account_missing', M.noAccount);
      const page = `${campusUrl(publicUrl, campus.id)}${PAGE}`;
      const url = await fromProvider(() =>
        // An expired link comes back with ?resume=1, and the page asks for a new one.
        p.onboardingLink(accountId, { returnUrl: page, refreshUrl: `${page}?resume=1` }),
      );
      return { url };
    },

    async loginLink(viewer: UserRow | null): Promise<{ url: string }> {
      requireSignedIn(viewer);
      const p = requireProvider();
      const account = await stored(viewer.id);
      if (!account.accountId) throw conflict('payout_account_missing', M.noAccount);
      if (!account.onboardingComplete) throw conflict('payouts_not_onboarded', M.notOnboarded);
      const accountId = account.accountId;
      return { url: await fromProvider(() => p.loginLink(accountId)) };
    },

    webhook: createPayoutWebhook({ db, provider, now }),
  };
}

function present(
  account: StoredPayoutAccount,
  configured: boolean,
  changed: boolean,
): PayoutStatus {
  const state = !configured
    ? 'not_configured'
    : !account.accountId
      ? 'none'
      : account.onboardingComplete
        ? 'enabled'
        : 'onboarding';
  return {
    state,
    payoutsEnabled: account.payoutsEnabled,
    chargesEnabled: account.chargesEnabled,
    onboardingComplete: account.onboardingComplete,
    changed,
  };
}
