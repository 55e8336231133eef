import type { Kysely } from 'kysely';

/**
 * Payouts (ADR 013): the provider's webhook finds a student by their connected
 * account, and one account belongs to one student.
 */
export function payouts() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('users_stripe_account')
        .on('users')
        .column('stripe_account_id')
        .unique()
        .execute();
    },
  };
}
