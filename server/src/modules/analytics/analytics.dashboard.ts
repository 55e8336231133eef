import { sql, type RawBuilder } from 'kysely';
import type { CampusId } from '@common/campuses';
import {
  DASHBOARD_MEASURES,
  type Dashboard,
  type DashboardDay,
  type DashboardMeasure,
} from '@common/schemas/dashboard';
import type { Executor } from '../../db/schema';
import { DAY_MS } from './analytics.repository';

/** One measure's counts, by UTC day number since the epoch. */
type DayMap = Map<number, number>;

/** The UTC day of a `created_at` in milliseconds: integer division in both dialects. */
const dayOf = (column: string): RawBuilder<number> =>
  sql<number>`${sql.ref(column)} / ${sql.lit(DAY_MS)}`;

const toMap = (rows: { day: unknown; n: unknown }[]): DayMap =>
  new Map(rows.map((r) => [Number(r.day), Number(r.n)]));

/**
 * The dashboard's SQL (ADR 055): four queries whatever the range, each
 * grouped by UTC day. `campus` null counts every campus.
 */
export const dashboardRepository = {
  /** Distinct students who did anything recorded, and listings submitted (the events, ADR 016). */
  async events(db: Executor, since: number, campus: CampusId | null, listingEvent: string) {
    const day = dayOf('created_at');
    let query = db
      .selectFrom('events')
      .select([
        day.as('day'),
        sql<number>`count(distinct user_id)`.as('active'),
        sql<number>`sum(case when name = ${listingEvent} then 1 else 0 end)`.as('listings'),
      ])
      .where('created_at', '>=', since);
    if (campus) query = query.where('campus_id', '=', campus);
    const rows = await query.groupBy(day).execute();
    return {
      activeStudents: toMap(rows.map((r) => ({ day: r.day, n: r.active }))),
      listings: toMap(rows.map((r) => ({ day: r.day, n: r.listings }))),
    };
  },

  async sales(db: Executor, since: number, campus: CampusId | null): Promise<DayMap> {
    const day = dayOf('created_at');
    let query = db
      .selectFrom('sales')
      .select([day.as('day'), sql<number>`count(*)`.as('n')])
      .where('created_at', '>=', since);
    if (campus) query = query.where('campus_id', '=', campus);
    return toMap(await query.groupBy(day).execute());
  },

  /** Messages carry no campus: the sender's is theirs. */
  async messages(db: Executor, since: number, campus: CampusId | null): Promise<DayMap> {
    const day = dayOf('messages.created_at');
    let query = db
      .selectFrom('messages')
      .select([day.as('day'), sql<number>`count(*)`.as('n')])
      .where('messages.created_at', '>=', since);
    if (campus)
      query = query
        .innerJoin('users', 'users.id', 'messages.sender_id')
        .where('users.campus_id', '=', campus);
    return toMap(await query.groupBy(day).execute());
  },

  /** Reports by the campus of what is reported (migration 0021). */
  async reports(db: Executor, since: number, campus: CampusId | null): Promise<DayMap> {
    const day = dayOf('created_at');
    let query = db
      .selectFrom('reports')
      .select([day.as('day'), sql<number>`count(*)`.as('n')])
      .where('created_at', '>=', since);
    if (campus) query = query.where('campus_id', '=', campus);
    return toMap(await query.groupBy(day).execute());
  },
};

/**
 * The dashboard of the last `days` UTC days, today included, oldest first and
 * zero-filled; `campus` 'all' for every campus together.
 */
export async function readDashboard(
  db: Executor,
  { campus, days, now }: { campus: CampusId | 'all'; days: number; now: number },
): Promise<Dashboard> {
  const today = Math.floor(now / DAY_MS);
  const first = today - days + 1;
  const since = first * DAY_MS;
  const only = campus === 'all' ? null : campus;
  const [events, sales, messages, reports] = await Promise.all([
    dashboardRepository.events(db, since, only, 'Submit Post'),
    dashboardRepository.sales(db, since, only),
    dashboardRepository.messages(db, since, only),
    dashboardRepository.reports(db, since, only),
  ]);
  const maps: Record<DashboardMeasure, DayMap> = { ...events, sales, messages, reports };
  return {
    campus,
    days: Array.from({ length: days }, (_, i): DashboardDay => {
      const day = first + i;
      const counts = Object.fromEntries(
        DASHBOARD_MEASURES.map((m) => [m, maps[m].get(day) ?? 0]),
      ) as Record<DashboardMeasure, number>;
      return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), ...counts };
    }),
  };
}
