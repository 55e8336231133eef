import { z } from 'zod';
import { MIN_CONTRAST } from '../contrast';
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

/** The largest logo file an operator may upload (ADR 064). */
export const MAX_CAMPUS_LOGO_BYTES = 2 * 1024 * 1024;

/** The refusals of the logo upload (ADR 064): each says what to do instead. */
export const CAMPUS_LOGO_MESSAGES = {
  tooLarge: 'This logo is too large: logos can be up to 2 MB.',
  svg: 'SVG logos are not accepted, as they can carry script: upload a PNG, JPEG or WebP image.',
  notImage: 'A logo must be a PNG, JPEG or WebP image.',
  unreadable: 'This image could not be read: upload a PNG, JPEG or WebP image.',
  noFile: 'Choose a PNG, JPEG or WebP image for the logo.',
  uploadIncomplete: 'The upload did not finish. Please try again.',
} as const;

/** The words of the form (ADR 056); the refusals are the server's own. */
export const CAMPUS_FORM_WORDS = {
  id: 'Campus id',
  idHint: 'Lowercase letters and digits; the site is {id}.your-domain. It never changes.',
  name: 'Short name',
  nameHint: 'Like Rice: the feed and the mails say it.',
  productName: 'Product name',
  productNameHint: 'Like Rice Buy / Sell; empty gives “{short name} Buy / Sell”.',
  schoolName: 'University',
  city: 'City',
  cityHint: 'Like Houston, Texas.',
  state: 'State',
  domains: 'School e-mail domains',
  domainsHint: 'Separated by commas, like rice.edu, alumni.rice.edu.',
  primary: 'Primary colour',
  accent: 'Accent colour',
  preview: 'Preview',
  contrast: (ratio: string, ok: boolean) =>
    `White text on the primary colour: ${ratio}:1. ${ok ? 'Passes' : 'Fails'} WCAG AA (needs ${MIN_CONTRAST}:1).`,
  instagram: 'Instagram account',
  instagramHint: 'Without @, like ricebuysell.',
  supportEmail: 'Support address',
  rankedFeed: 'Rank the feed (otherwise newest first)',
  isDefault: 'Default campus: serves hosts that name no campus',
  spots: 'Meetup spots',
  spotsHint: 'At least two public places to meet.',
  spot: (n: number) => `Spot ${n}`,
  spotId: 'Spot id',
  spotName: 'Name',
  spotDescription: 'Description',
  spotHours: 'Hours (optional)',
  addSpot: 'Add a meetup spot',
  removeSpot: (n: number) => `Remove spot ${n}`,
  fixFields: 'Fix the fields marked below.',
  logo: 'Logo',
  logoHint:
    'A PNG, JPEG or WebP image up to 2 MB; it is shown square. Without one the site shows the monogram.',
  logoAfterAdd: 'Add the campus first; then edit it to upload its logo.',
  uploadLogo: 'Upload a logo',
  replaceLogo: 'Replace the logo',
  uploadingLogo: 'Uploading…',
  removeLogo: 'Remove the logo',
  removingLogo: 'Removing…',
  logoSaved: 'The logo is saved.',
  logoRemoved: 'The logo is removed: the site shows the monogram.',
} as const;
