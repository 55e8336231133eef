import { CAMPUS_ID_PATTERN, type SiteCampus } from '@common/campuses';
import { z } from 'zod';
import { contrastRatio, MIN_CONTRAST } from '@common/contrast';

export { contrastRatio, MIN_CONTRAST };

/**
 * What an operator may write of a campus (`npm run campus`, ADR 054), and the
 * rules across campuses: unique ids (each id is a host, `{id}.{baseDomain}`),
 * unique school e-mail domains, readable colours and at least two meetup spots.
 * Every message names the field and what it needs.
 */

const HEX = /^#[0-9a-f]{6}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const SPOT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MIN_SPOTS = 2;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} is at most ${max} characters.`);
const colour = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .toLowerCase()
    .regex(HEX, `${field} must be a colour like #841617.`);

const spotSchema = z.strictObject({
  id: z
    .string({ error: 'A meetup spot needs an id.' })
    .regex(SPOT_ID, 'A meetup spot id is lowercase letters, digits and dashes, like union-main.'),
  name: text('A meetup spot’s name', 100),
  description: text('A meetup spot’s description', 300),
  hours: text('A meetup spot’s hours', 100).optional(),
});

/** A campus as a JSON file describes it (`npm run campus -- add --file campus.json`). */
export const campusInputSchema = z.strictObject({
  id: z
    .string({ error: 'id is required.' })
    .regex(CAMPUS_ID_PATTERN, 'id must be 2 to 20 lowercase letters or digits, like "mit".'),
  name: text('name', 30),
  productName: text('productName', 60).optional(),
  schoolName: text('schoolName', 100),
  city: text('city', 100),
  state: text('state', 30),
  emailDomains: z.array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(DOMAIN, 'Each e-mail domain must be a domain name, like mit.edu.'),
    { error: 'emailDomains must be a list of domains.' },
  ),
  theme: z.strictObject(
    {
      primary: colour('theme.primary'),
      onPrimary: colour('theme.onPrimary').optional(),
      accent: colour('theme.accent'),
    },
    { error: 'theme needs primary and accent colours.' },
  ),
  instagram: z
    .string({ error: 'instagram is required.' })
    .regex(/^[a-z0-9._]{1,30}$/, 'instagram is the account name without @, like mitbuysell.'),
  supportEmail: z
    .string({ error: 'supportEmail is required.' })
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'supportEmail must be an e-mail address.'),
  rankedFeed: z.boolean().optional(),
  /** The campus of a host that names none: setting it moves the default here. */
  isDefault: z.boolean().optional(),
  logoMediaId: z.string().min(1).nullable().optional(),
  spots: z.array(spotSchema, { error: 'spots must be a list of meetup spots.' }),
});
export type CampusInput = z.input<typeof campusInputSchema>;

/** One problem of a campus, with the field it is about (`theme.primary`, `spots.0.name`). */
export interface CampusProblem {
  field: string;
  message: string;
}

/** Thrown with every problem of a campus, one per line. */
export class CampusInvalid extends Error {
  readonly problems: string[];
  constructor(
    readonly id: string,
    readonly issues: CampusProblem[],
  ) {
    const problems = [...new Set(issues.map((p) => p.message))];
    super(`Campus ${id || '(no id)'} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CampusInvalid';
    this.problems = problems;
  }
}

/**
 * The campus `input` describes, checked on its own and against `others` (the
 * campuses it must not clash with). `existing` keeps what the input does not
 * set: status, default, created order.
 */
export function validateCampus(
  input: unknown,
  others: readonly SiteCampus[],
  existing?: SiteCampus,
): SiteCampus {
  const parsed = campusInputSchema.safeParse(input);
  const rawId = (input as { id?: unknown } | null)?.id;
  const id = typeof rawId === 'string' ? rawId : '';
  if (!parsed.success)
    throw new CampusInvalid(
      id,
      parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issueText(issue),
      })),
    );
  const c = parsed.data;
  const problems = crossChecks(c, others);
  if (problems.length) throw new CampusInvalid(c.id, problems);
  return {
    id: c.id,
    name: c.name,
    productName: c.productName ?? `${c.name} Buy / Sell`,
    schoolName: c.schoolName,
    city: c.city,
    state: c.state,
    emailDomains: c.emailDomains,
    theme: {
      primary: c.theme.primary,
      onPrimary: c.theme.onPrimary ?? '#ffffff',
      accent: c.theme.accent,
    },
    instagram: c.instagram,
    supportEmail: c.supportEmail,
    privacy: 'private',
    status: existing?.status ?? 'active',
    isDefault: c.isDefault ?? existing?.isDefault ?? false,
    rankedFeed: c.rankedFeed ?? existing?.rankedFeed ?? false,
    logoMediaId: c.logoMediaId === undefined ? (existing?.logoMediaId ?? null) : c.logoMediaId,
    spots: c.spots,
  };
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
  return issue.message;
}

/** The rules across fields and campuses. */
function crossChecks(c: z.output<typeof campusInputSchema>, others: readonly SiteCampus[]) {
  const problems: CampusProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const onPrimary = c.theme.onPrimary ?? '#ffffff';
  const ratio = contrastRatio(onPrimary, c.theme.primary);
  if (ratio < MIN_CONTRAST)
    problem(
      'theme.primary',
      `theme.primary ${c.theme.primary} gives ${onPrimary === '#ffffff' ? 'white' : onPrimary} text a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs at least ${MIN_CONTRAST}:1. Choose a darker primary colour.`,
    );
  if (c.spots.length < MIN_SPOTS)
    problem(
      'spots',
      `A campus needs at least ${MIN_SPOTS} meetup spots; this one has ${c.spots.length}.`,
    );
  const spotIds = c.spots.map((s) => s.id);
  for (const dup of new Set(spotIds.filter((s, i) => spotIds.indexOf(s) !== i)))
    problem('spots', `Meetup spot id "${dup}" is used twice.`);
  for (const dup of new Set(c.emailDomains.filter((d, i) => c.emailDomains.indexOf(d) !== i)))
    problem('emailDomains', `E-mail domain ${dup} is listed twice.`);
  for (const other of others) {
    if (other.id === c.id)
      problem('id', `Campus id "${c.id}" is taken: ${c.id}.{domain} already serves ${other.name}.`);
    for (const d of c.emailDomains.filter((d) => other.emailDomains.includes(d)))
      problem(
        'emailDomains',
        `E-mail domain ${d} already belongs to campus ${other.id} (${other.name}).`,
      );
  }
  return problems;
}
