import type { Kysely } from 'kysely';

/**
 * Scam-aware chat (ADR 018): what the scam check found in a message when it was
 * sent, as JSON (`[{ code, host?, imitates? }]`), null when nothing. Stored
 * rather than recomputed on read because one rule depends on the moment: a
 * phone number in the sender's first message.
 */
export function messageWarnings() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('messages').addColumn('warnings', 'text').execute();
    },
  };
}
