import { z } from 'zod';
import { emailField, newPasswordField, PASSWORD_MAX } from './auth';
import { isReservedUsername, USERNAME_PATTERN } from '../text';
import { NO_CONTROLS, NO_DIRECTION_CONTROLS, noDirectionControls, oneLine } from './fields';

/** Account settings: the account page, its sub-pages, username and password changes (ADR 011). */
export const ACCOUNT_MESSAGES = {
  accountUpdated: 'Account Updated!',
  usernameTaken: 'That username has been taken.',
  /** Quad's words for USERNAME_MAX and USERNAME_PATTERN. */
  usernameRules: 'Usernames are 1 to 50 lowercase letters, digits, ".", "_" or "-".',
  usernameReserved: 'That username is reserved. Please choose another.',
  currentPasswordRequired: 'Current password required',
  newPasswordRequired: 'Please enter a new password',
  reenterPassword: 'Must re-enter new password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordWrong: 'Your current password is incorrect.',
  firstPasswordByLink:
    'Your account has no password yet: choose one with the link we e-mail to your address.',
  passwordChanged: 'Password changed. You were signed out everywhere else.',
  fillAllFields: 'Please fill in all the fields',
  notARealDate: 'That date does not exist.',
  tooYoung: 'You must be at least 16 years old to use Quad.',
  invalidPhone: 'Enter a valid US phone number.',
  phoneTooLong: 'Phone numbers are at most 20 characters.',
  clickToAdd: 'click to add',
  none: 'None',
  joinYourCampus: 'Join your campus',
  emailSame: 'That is already your e-mail.',
  emailTaken: 'An account already uses that e-mail.',
  emailCodeSent: 'Email sent',
  emailChanged: 'Your e-mail is changed.',
  emailApprovalSent: 'Email sent',
  emailChangeApproved: (email: string) =>
    `Change confirmed. Enter the code we sent to ${email} on the e-mail page of your account settings.`,
  emailChangeUndone: (email: string) =>
    `Your account signs in with ${email} again, and every device was signed out. Sign in, or reset your password if someone may know it.`,
  deleteTitle: 'Delete your account?',
  deleteText:
    'Your posts, comments, saves, chats and photos are removed for good. This can’t be undone.',
  accountDeleted: 'Your account was deleted.',
  passwordRequiredToDelete: 'Enter your password to delete your account.',
} as const;

export const USERNAME_MAX = 50;
export const PHONE_MAX = 20;
/** The Terms of Service's minimum age (ADR 050): the server refuses a younger birth date. */
export const MIN_AGE_YEARS = 16;
/** How many years back from the youngest allowed the birth-year list reaches. */
export const BIRTH_YEARS_SPAN = 100;

/**
 * The birth years to choose from on `today`, newest first: from the year a
 * student who is MIN_AGE_YEARS today was born, back BIRTH_YEARS_SPAN years
 * (ADR 050). A stored year outside it stays selectable.
 */
export function birthYearOptions(today: Date, stored: number | undefined): number[] {
  const newest = today.getFullYear() - MIN_AGE_YEARS;
  const years = Array.from({ length: BIRTH_YEARS_SPAN + 1 }, (_, i) => newest - i);
  if (stored !== undefined && !years.includes(stored)) years.push(stored);
  return years.sort((a, b) => b - a);
}
export const GENDERS = ['male', 'female', 'other'] as const;

export const usernameBodySchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .refine(noDirectionControls, NO_DIRECTION_CONTROLS)
    .max(USERNAME_MAX, { message: ACCOUNT_MESSAGES.usernameRules, abort: true })
    .regex(USERNAME_PATTERN, { message: ACCOUNT_MESSAGES.usernameRules, abort: true })
    .refine((v) => !isReservedUsername(v), ACCOUNT_MESSAGES.usernameReserved),
});

/**
 * One message at a time: new password, then re-entered, then equal. The
 * current password is the service's check (the page asks for it first).
 */
export const passwordBodySchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX).default(''),
    password: z
      .string()
      .default('')
      .pipe(
        z
          .string()
          .min(1, { message: ACCOUNT_MESSAGES.newPasswordRequired, abort: true })
          .pipe(newPasswordField),
      ),
    password2: z.string().max(PASSWORD_MAX).default(''),
  })
  .superRefine((body, ctx) => {
    if (!body.password2)
      ctx.addIssue({
        code: 'custom',
        message: ACCOUNT_MESSAGES.reenterPassword,
        path: ['password2'],
      });
    else if (body.password2 !== body.password)
      ctx.addIssue({
        code: 'custom',
        message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
        path: ['password2'],
      });
  });

export const birthDateSchema = z.object({
  year: z.number().int().min(1900).max(2100),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
});

/** PATCH /api/me/account: the rows of the account page that are not their own flow. */
export const accountBodySchema = z.object({
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX, ACCOUNT_MESSAGES.phoneTooLong)
    .refine(oneLine, NO_CONTROLS)
    .nullable()
    .optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  birthDate: z
    .object({
      year: z.number().int().nullable(),
      month: z.number().int().nullable(),
      day: z.number().int().nullable(),
    })
    .nullable()
    .optional(),
  emailNotifications: z.boolean().optional(),
});
export type AccountBody = z.infer<typeof accountBodySchema>;

const newEmailField = emailField.transform((email) => email.toLowerCase());
/** The current password is asked for unless the account has none (ADR 036). */
export const emailChangeBodySchema = z.object({
  email: newEmailField,
  currentPassword: z.string().max(PASSWORD_MAX).default(''),
});
export const emailChangeStartedSchema = z.object({
  /** False when a code was sent less than 30 seconds ago (no new mail). */
  sent: z.boolean(),
  email: z.string(),
  /** For an account without a password: the current address, where a link to confirm went. */
  approvalSentTo: z.string().nullable(),
});
/** An e-mailed link of the e-mail change (approve, undo), opened on its page. */
export const emailLinkBodySchema = z.object({ token: z.string().min(1).max(200) });
export const emailLinkResultSchema = z.object({ email: z.string(), message: z.string() });
export const emailVerifyBodySchema = z.object({
  email: newEmailField,
  code: z.string().trim().max(10).refine(oneLine, NO_CONTROLS),
});

export const deleteAccountBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX).default(''),
});
