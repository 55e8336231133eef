import { z } from 'zod';
import { campusIdSchema, campusSchema } from './campus';

/**
 * The admin campus page (ADR 056): the campuses as the operators edit them,
 * retired ones included. The rules are the CLI's (campuses.validation.ts,
 * ADR 054): the server checks them and answers each problem by field.
 */
export const adminCampusSchema = campusSchema.extend({
  status: z.enum(['active', 'read_only', 'closed']),
  isDefault: z.boolean(),
  rankedFeed: z.boolean(),
  logoMediaId: z.string().nullable(),
});
export type AdminCampus = z.infer<typeof adminCampusSchema>;

export const adminCampusListSchema = z.object({ items: z.array(adminCampusSchema) });

export const adminCampusParamsSchema = z.object({ id: campusIdSchema });

/** A meetup spot as the form sends it. */
export interface AdminSpotInput {
  id: string;
  name: string;
  description: string;
  hours?: string;
}

/** A campus as the form (or `npm run campus -- add`) sends it. */
export interface AdminCampusInput {
  id: string;
  name: string;
  productName?: string;
  schoolName: string;
  city: string;
  state: string;
  emailDomains: string[];
  theme: { primary: string; onPrimary?: string; accent: string };
  instagram: string;
  supportEmail: string;
  rankedFeed?: boolean;
  isDefault?: boolean;
  spots: AdminSpotInput[];
}

/**
 * The body of add and edit: any JSON object, checked field by field by the
 * campus rules so that every refusal is in the operator's words.
 */
export const adminCampusBodySchema = z.record(z.string(), z.unknown());

/** The words of the admin campus page. */
export const ADMIN_CAMPUS_MESSAGES = {
  title: 'Campuses',
  add: 'Add a university',
  edit: 'Edit',
  retire: 'Retire',
  close: 'Close',
  save: 'Save',
  cancel: 'Cancel',
  unknown: 'There is no such campus.',
  status: { active: 'Active', read_only: 'Read-only', closed: 'Closed' },
  retireTitle: (name: string) => `Retire ${name}?`,
  retireBody:
    'Its students can still read and sign in, but nothing new can be posted, sent or changed. Retire it again later to close it. Nothing is deleted.',
  closeTitle: (name: string) => `Close ${name}?`,
  closeBody:
    'Its site will answer “This campus is closed.” and it leaves the school finder. Nothing is deleted.',
  added: (name: string) => `${name} is live.`,
  saved: (name: string) => `${name} is saved.`,
  retired: (name: string) => `${name} is read-only.`,
  closed: (name: string) => `${name} is closed.`,
  fixFields: 'Fix the fields marked below.',
} as const;
