import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewEvent {
  id: string;
  name: string;
  user_id: string;
  campus_id: string | null;
  props: string;
  created_at: number;
}

/** One UTC day of the operators' view: its number since the epoch and its counts. */
export interface DayCounts {
  day: number;
  activeStudents: number;
  listings: number;
}

/** The only SQL of analytics; both dialects divide integers the same way. */
export const analyticsRepository = {
  async insert(db: Executor, rows: NewEvent[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('events').values(rows).execute();
  },

  /** Deletes events recorded before `cutoff`; resolves with how many went. */
  async deleteBefore(db: Executor, cutoff: number): Promise<number> {
    const result = await db
      .deleteFrom('events')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /**
   * Per UTC day from `since`: the distinct students who did anything
   * recorded, and the listings (top-level posts) submitted.
   */
  async daily(db: Executor, since: number, listingEvent: string): Promise<DayCounts[]> {
    const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
    const rows = await db
      .selectFrom('events')
      .select([
        day.as('day'),
        sql<number>`count(distinct user_id)`.as('active'),
        sql<number>`sum(case when name = ${listingEvent} then 1 else 0 end)`.as('listings'),
      ])
      .where('created_at', '>=', since)
      .groupBy(day)
      .execute();
    return rows.map((r) => ({
      day: Number(r.day),
      activeStudents: Number(r.active),
      listings: Number(r.listings),
    }));
  },
};
