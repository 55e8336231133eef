import { z } from 'zod';
import { campusIdSchema } from './campus';

/** A campus id, or `all` for every campus together. */
const dashboardCampusSchema = z.union([z.literal('all'), campusIdSchema]);

/**
 * The operators' dashboard (ADR 055): daily figures over at most the 13 months
 * analytics keeps (ADR 016), for one campus or all of them.
 */
export const DASHBOARD_MAX_DAYS = 396;

/** The ranges the page offers: 30 days, 90 days, 13 months. */
export const DASHBOARD_RANGES = [30, 90, DASHBOARD_MAX_DAYS] as const;

export const dashboardQuerySchema = z.object({
  /** A campus id, or `all` for every campus together. */
  campus: dashboardCampusSchema.default('all'),
  /** How many UTC days back, today included. */
  days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).default(30),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The measures, in the order the page shows them. */
export const DASHBOARD_MEASURES = [
  'activeStudents',
  'listings',
  'sales',
  'messages',
  'reports',
] as const;
export type DashboardMeasure = (typeof DASHBOARD_MEASURES)[number];

export const dashboardDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  /** Students with at least one recorded act that day (staff never recorded). */
  activeStudents: z.number().int(),
  /** Listings (top-level posts) submitted that day. */
  listings: z.number().int(),
  /** Sales recorded that day ("Did it sell?" answered yes). */
  sales: z.number().int(),
  /** Chat messages sent that day, by the sender's campus. */
  messages: z.number().int(),
  /** Reports filed that day, by the campus of what was reported. */
  reports: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  campus: dashboardCampusSchema,
  /** Oldest first, every day present (0 when nothing happened). */
  days: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The dashboard's words. */
export const DASHBOARD_MESSAGES = {
  title: 'Dashboard',
  menu: 'Dashboard',
  campus: 'Campus',
  allCampuses: 'All campuses',
  range: 'Range',
  ranges: { 30: 'Last 30 days', 90: 'Last 90 days', [DASHBOARD_MAX_DAYS]: 'Last 13 months' },
  summary: 'Totals over the range',
  measures: {
    activeStudents: 'Daily active students',
    listings: 'New listings',
    sales: 'Sales',
    messages: 'Messages',
    reports: 'Reports',
  } satisfies Record<DashboardMeasure, string>,
  showTable: 'Show as table',
  hideTable: 'Hide table',
  date: 'Date',
  count: 'Count',
  loadFailed: 'The dashboard could not be loaded.',
  retry: 'Try again',
  describe: (measure: string, total: number, peak: number, peakDate: string | null, days: number) =>
    `${measure} per day over ${days} days: ${total} in all` +
    (peakDate ? `, at most ${peak} on ${peakDate}.` : '.'),
} as const;
