import type { Kysely } from 'kysely';

/**
 * First-party analytics (ADR 016): the `events` table of 0001 gets the indexes
 * its readers need: the operators' daily view and the retention sweep read by
 * time, and deleting an account clears its user_id.
 */
export function events() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('events_created').on('events').column('created_at').execute();
      await db.schema.createIndex('events_user').on('events').column('user_id').execute();
    },
  };
}
