import type { Kysely } from 'kysely';

/**
 * Accessible media (ADR 060): each photo's description, written by its seller
 * ('' when none: the web then says "Photo N of M"), and a video's length in
 * milliseconds as the browser measured it at upload (null: unknown). Messages'
 * photos carry the same columns, since a photo moves from `post_media` to
 * `message_media` row and all. A video's poster frame is one more variant in
 * `variants`, so it needs no column.
 */
export function mediaAlt() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['post_media', 'message_media']) {
        await db.schema
          .alterTable(table)
          .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.alterTable(table).addColumn('duration_ms', 'integer').execute();
      }
    },
  };
}
