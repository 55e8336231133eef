import { z } from 'zod';

/** GET /api/admin/analytics: the operators' daily view (ADR 016). */
export const analyticsQuerySchema = z.object({
  /** How many UTC days back, today included: at most the 13 months events are kept. */
  days: z.coerce.number().int().min(1).max(396).default(30),
});

export const analyticsDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  /** Students with at least one recorded act that day (staff never recorded). */
  activeStudents: z.number().int(),
  /** Listings (top-level posts) submitted that day. */
  listings: z.number().int(),
});

export const analyticsViewSchema = z.object({
  /** Oldest first, every day present (0 when nothing happened). */
  days: z.array(analyticsDaySchema),
});
