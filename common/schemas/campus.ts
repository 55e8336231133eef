import { z } from 'zod';
import { CAMPUS_ID_PATTERN } from '../campuses';
import { NO_CONTROLS, oneLine } from './fields';

/** A campus id (ADR 054): the server checks it names one of its campuses. */
export const campusIdSchema = z.string().regex(CAMPUS_ID_PATTERN);

export const campusSchema = z.object({
  id: campusIdSchema,
  name: z.string(),
  productName: z.string(),
  schoolName: z.string(),
  city: z.string(),
  state: z.string(),
  emailDomains: z.array(z.string()).readonly(),
  theme: z.object({ primary: z.string(), onPrimary: z.string(), accent: z.string() }),
  instagram: z.string(),
  supportEmail: z.string(),
  privacy: z.literal('private'),
  /** Its public exchange spots (ADR 026, 054), in order: the page's pickers read them. */
  spots: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        hours: z.string().optional(),
      }),
    )
    .readonly()
    .optional(),
  /** This campus's own site, e.g. http://ut.localhost:3000. */
  url: z.string(),
  /**
   * Its uploaded logo, a square PNG served by every campus's site (ADR 064);
   * absent draws the monogram (common/logo.ts).
   */
  logoUrl: z.string().optional(),
});
export type CampusDto = z.infer<typeof campusSchema>;

export const campusListQuerySchema = z.object({
  q: z.string().trim().max(100).refine(oneLine, NO_CONTROLS).optional().default(''),
});

export const campusListSchema = z.object({ items: z.array(campusSchema) });

/** What a retired campus answers (ADR 054). */
export const CAMPUS_MESSAGES = {
  readOnly:
    'This campus is read-only: you can look around, but nothing new can be posted, sent or changed.',
  closed: 'This campus is closed.',
  unknown: 'There is no such campus.',
} as const;
