import { type Kysely, sql } from 'kysely';

/**
 * Reports of reviews (ADR 052): a review can be reported once per reporter,
 * as posts and messages are (0009), for the campus's moderators.
 */
export function reviewReports() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('reports')
        .addColumn('target_review_id', 'text', (c) =>
          c.references('reviews.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('reports_reporter_review')
        .on('reports')
        .columns(['reporter_id', 'target_review_id'])
        .unique()
        .where(sql.ref('target_review_id'), 'is not', null)
        .execute();
    },
  };
}
