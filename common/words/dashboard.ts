/*
 * Words and limits of the dashboard that the web shows, apart from the schemas
 * (schemas/dashboard.ts re-exports them): a page importing these does not
 * evaluate zod (docs/benchmarks.md, Web).
 */

/**
 * The operators' dashboard (ADR 055): daily figures over at most the 13 months
 * analytics keeps (ADR 016), for one campus or all of them.
 */
export const DASHBOARD_MAX_DAYS = 396;

/** The ranges the page offers: 30 days, 90 days, 13 months. */
export const DASHBOARD_RANGES = [30, 90, DASHBOARD_MAX_DAYS] as const;

/** The measures, in the order the page shows them. */
export const DASHBOARD_MEASURES = [
  'activeStudents',
  'listings',
  'sales',
  'messages',
  'reports',
] as const;
export type DashboardMeasure = (typeof DASHBOARD_MEASURES)[number];
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
