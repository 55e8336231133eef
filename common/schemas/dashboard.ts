import { z } from 'zod';
import { campusIdSchema } from './campus';

import { DASHBOARD_MAX_DAYS } from '../words/dashboard';

export * from '../words/dashboard';

/** A campus id, or `all` for every campus together. */
const dashboardCampusSchema = z.union([z.literal('all'), campusIdSchema]);

export const dashboardQuerySchema = z.object({
  /** A campus id, or `all` for every campus together. */
  campus: dashboardCampusSchema.default('all'),
  /** How many UTC days back, today included. */
  days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).default(30),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

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
