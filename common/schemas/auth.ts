import { z } from 'zod';
import { campusIdSchema } from './campus';
import { isCommonPassword } from '../common-passwords';
import { AUTH_MESSAGES as M } from '../messages';
import { EMAIL_PATTERN, isBlank, parseName } from '../text';
import { NO_CONTROLS, NO_DIRECTION_CONTROLS, noDirectionControls, oneLine } from './fields';

/** Password inputs take at most 30 characters. */
export const PASSWORD_MAX = 30;
/** A new password needs at least 8 characters. */
export const PASSWORD_MIN = 8;

// Each check that fails stops the field's checks (`abort`): one cause, one message, so an
// empty e-mail is "Email is required." and not also "Invalid email address!".
export const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, { message: M.emailRequired, abort: true })
  .max(254, { message: M.invalidEmail, abort: true })
  .refine(oneLine, NO_CONTROLS)
  .regex(EMAIL_PATTERN, M.emailInvalid);

export const passwordField = z
  .string({ error: M.passwordRequired })
  .min(1, { message: M.passwordRequired, abort: true })
  .max(PASSWORD_MAX, {
    message: `Passwords are at most ${PASSWORD_MAX} characters.`,
    abort: true,
  });

/** A new password (registration, reset): at least 8 characters, and not a common one. */
export const newPasswordField = passwordField
  .refine((v) => v.length >= PASSWORD_MIN, { message: M.passwordTooShort, abort: true })
  .refine((v) => !isCommonPassword(v), M.passwordTooCommon);

export const registerBodySchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { message: M.nameRequired, abort: true })
    .max(100, { message: M.fullNameRequired, abort: true })
    .refine(oneLine, NO_CONTROLS)
    .refine(noDirectionControls, NO_DIRECTION_CONTROLS)
    .refine((v) => !isBlank(v), { message: M.nameRequired, abort: true })
    .refine((v) => parseName(v).words >= 2, M.fullNameRequired),
  email: emailField,
  password: newPasswordField,
  terms: z.literal(true, { error: M.acceptTerms }),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email: emailField, password: passwordField });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const emailStatusQuerySchema = z.object({ email: emailField });
export const emailStatusSchema = z.object({ exists: z.boolean() });

/** A first or last name a sign-in link carries to create the account with. */
const linkName = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .refine(oneLine, NO_CONTROLS)
  .refine(noDirectionControls, NO_DIRECTION_CONTROLS)
  .optional();

export const magicLinkBodySchema = z.object({
  email: emailField,
  /** Both given to create an account for a new address; left out when the address has one. */
  first: linkName,
  last: linkName,
});
export const magicLinkCompleteBodySchema = z.object({
  token: z.string().min(10).max(200),
  email: emailField,
});

export const forgotPasswordBodySchema = z.object({ email: emailField });
export const resetPasswordBodySchema = z.object({
  token: z.string().min(10).max(200),
  password: newPasswordField,
});

export const verifyCodeBodySchema = z.object({
  code: z
    .string({ error: M.enterCode })
    .trim()
    .min(1, M.enterCode)
    .max(8, M.codeIncorrect)
    .refine(oneLine, NO_CONTROLS),
  /** The school e-mail being verified; absent for the account e-mail. */
  email: z.string().trim().toLowerCase().max(254).refine(oneLine, NO_CONTROLS).optional(),
  campus: campusIdSchema.optional(),
});

export const sendCodeBodySchema = z.object({}).strict();

export const schoolEmailBodySchema = z.object({
  schoolEmail: z
    .string({ error: M.newSchoolEmail })
    .trim()
    .toLowerCase()
    .min(1, M.newSchoolEmail)
    .max(254, M.validSchoolEmail)
    .refine(oneLine, NO_CONTROLS),
  campus: campusIdSchema.optional(),
});

export const viewerSchema = z.object({
  id: z.string(),
  campusId: campusIdSchema,
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verified: z.boolean(),
  schoolVerified: z.boolean(),
  schoolEmail: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  profileSetUp: z.boolean(),
  hasPassword: z.boolean(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  birthDate: z.object({ year: z.number(), month: z.number(), day: z.number() }).nullable(),
  /** The settings menu's "E-mail alerts" switch. */
  emailNotifications: z.boolean(),
  createdAt: z.number(),
  /** Present on /api/me for the site's campus moderators only (ADR 025). */
  moderator: z.literal(true).optional(),
  /** Present on /api/me for the operators (ADMIN_EMAILS, a verified account): the dashboard (ADR 055). */
  admin: z.literal(true).optional(),
});
export type Viewer = z.infer<typeof viewerSchema>;

export const meSchema = z.object({ viewer: viewerSchema.nullable(), google: z.boolean() });
export type Me = z.infer<typeof meSchema>;

export const sessionResultSchema = z.object({ viewer: viewerSchema });

/** A handoff token from another campus site, posted by its confirmation page (ADR 036). */
export const handoffBodySchema = z.object({ token: z.string().min(1).max(200) });
/** Whom a handoff token names: "Continue as Jane D. (@jane) on UT Buy / Sell?". */
export const handoffPreviewSchema = z.object({
  username: z.string(),
  name: z.string(),
  campus: z.string(),
});

export const codeSentSchema = z.object({
  /** False when a code was sent less than 30 seconds ago (no new mail). */
  sent: z.boolean(),
  email: z.string(),
});

export const verifyResultSchema = z.object({
  viewer: viewerSchema,
  /** Where the user goes next: /search_schools on the generic campus, else /home. */
  redirectTo: z.string(),
  /** The campus site to remember as the redirect target, for non-generic campuses. */
  redirectCampus: z.object({ id: campusIdSchema, url: z.string() }).nullable(),
});

export const okSchema = z.object({ ok: z.literal(true) });
