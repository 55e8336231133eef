import type { Executor } from '../../db/schema';

/** What is reported: one of its targets, the others null. */
export interface ReportRow {
  id: string;
  reporterId: string;
  /** The campus of what is reported, whose moderators read the report. */
  campusId: string;
  target: { userId?: string; postId?: string; messageId?: string; reviewId?: string };
  reason: string;
  now: number;
}

/** The only SQL over reports of content (a student's own report is the profiles module's). */
export const reportsRepository = {
  /** One report per reporter and target: a second one changes nothing. */
  async insert(db: Executor, row: ReportRow): Promise<void> {
    const column = row.target.postId
      ? 'target_post_id'
      : row.target.messageId
        ? 'target_message_id'
        : row.target.reviewId
          ? 'target_review_id'
          : 'target_user_id';
    await db
      .insertInto('reports')
      .values({
        id: row.id,
        reporter_id: row.reporterId,
        campus_id: row.campusId,
        target_user_id: row.target.userId ?? null,
        target_post_id: row.target.postId ?? null,
        target_message_id: row.target.messageId ?? null,
        target_review_id: row.target.reviewId ?? null,
        reason: row.reason,
        created_at: row.now,
      })
      .onConflict((oc) =>
        oc.columns(['reporter_id', column]).where(column, 'is not', null).doNothing(),
      )
      .execute();
  },

  /** A student of the campus, by id. */
  findStudent(db: Executor, id: string, campusId: string) {
    return db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .where('campus_id', '=', campusId)
      .executeTakeFirst();
  },
};
