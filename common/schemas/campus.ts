import { z } from 'zod';
import { CAMPUS_IDS } from '../campuses';
import { NO_CONTROLS, oneLine } from './fields';

export const campusIdSchema = z.enum(CAMPUS_IDS);

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
  /** This campus's own site, e.g. http://ut.localhost:3000. */
  url: z.string(),
});
export type CampusDto = z.infer<typeof campusSchema>;

export const campusListQuerySchema = z.object({
  q: z.string().trim().max(100).refine(oneLine, NO_CONTROLS).optional().default(''),
});

export const campusListSchema = z.object({ items: z.array(campusSchema) });
