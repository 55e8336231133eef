import type { Executor } from '../../db/schema';

/** A student's connected payout account as stored on its user row. */
export interface StoredPayoutAccount {
  accountId: string | null;
  payoutsEnabled: boolean;
  chargesEnabled: boolean;
  onboardingComplete: boolean;
}

export interface PayoutFlags {
  payoutsEnabled: boolean;
  chargesEnabled: boolean;
  onboardingComplete: boolean;
}

/** The SQL of payouts: the four payout columns of `users`. */
export const paymentsRepository = {
  async find(db: Executor, userId: string): Promise<StoredPayoutAccount | undefined> {
    const row = await db
      .selectFrom('users')
      .select([
        'stripe_account_id',
        'payouts_enabled',
        'charges_enabled',
        'stripe_onboarding_complete',
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      accountId: row.stripe_account_id,
      payoutsEnabled: Boolean(row.payouts_enabled),
      chargesEnabled: Boolean(row.charges_enabled),
      onboardingComplete: Boolean(row.stripe_onboarding_complete),
    };
  },

  /**
   * Stores a new account id with the three flags false, only if the student has
   * none yet: false when another request stored one first.
   */
  async attach(db: Executor, userId: string, accountId: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({
        stripe_account_id: accountId,
        payouts_enabled: false,
        charges_enabled: false,
        stripe_onboarding_complete: false,
        updated_at: now,
      })
      .where('id', '=', userId)
      .where('stripe_account_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Saves the provider's flags on the student holding the account; whether a student does. */
  async setFlags(db: Executor, accountId: string, flags: PayoutFlags, now: number) {
    const result = await db
      .updateTable('users')
      .set({
        payouts_enabled: flags.payoutsEnabled,
        charges_enabled: flags.chargesEnabled,
        stripe_onboarding_complete: flags.onboardingComplete,
        updated_at: now,
      })
      .where('stripe_account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
