import { z } from 'zod';
import { campusIdSchema } from './campus';
import { BIO_MAX_CHARS } from '../limits';
import { isBlank } from '../text';
import {
  cursorField,
  lines,
  NO_CONTROLS,
  NO_DIRECTION_CONTROLS,
  noDirectionControls,
  oneLine,
} from './fields';
import { PROFILE_MESSAGES, NAME_MAX_CHARS, PROFILE_TABS, type ProfileTab } from '../words/profiles';

export * from '../words/profiles';

/**
 * What the viewer may do with a profile, from the server's people policy
 * (ADR 044): edit their own; message, block and report another student.
 */
export const profileCanSchema = z.object({
  edit: z.boolean(),
  message: z.boolean(),
  block: z.boolean(),
  report: z.boolean(),
});
export type ProfileCan = z.infer<typeof profileCanSchema>;

/**
 * A student's profile as anyone who may see it does: "Jane D." (first name
 * and last initial), no e-mail, phone or birth date.
 */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  campusId: campusIdSchema,
  /** The account's e-mail is verified; unverified profiles offer "Claim this account". */
  verified: z.boolean(),
  schoolVerified: z.boolean(),
  profileSetUp: z.boolean(),
  /** "Member since": when the account was made. */
  createdAt: z.number(),
  /** Top-level posts on the campus (the user's totalPosts). */
  postCount: z.number(),
  can: profileCanSchema,
});
export type ProfileDto = z.infer<typeof profileSchema>;

export const usernameParams = z.object({
  username: z.string().min(1).max(60).refine(oneLine, NO_CONTROLS),
});
export const profileTabQuerySchema = z.object({
  tab: z.enum(PROFILE_TABS).default('posts'),
  cursor: cursorField.optional(),
});

const nameField = z
  .string()
  .trim()
  .min(1, { message: PROFILE_MESSAGES.nameRequired, abort: true })
  .max(NAME_MAX_CHARS, { message: PROFILE_MESSAGES.nameTooLong, abort: true })
  .refine(oneLine, NO_CONTROLS)
  .refine(noDirectionControls, NO_DIRECTION_CONTROLS)
  .refine((v) => !isBlank(v), PROFILE_MESSAGES.nameRequired);

/** PATCH /api/me: the display name, the bio, and the set-up wizard's end. */
export const updateProfileBodySchema = z.object({
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  bio: z
    .string()
    .trim()
    .max(BIO_MAX_CHARS, PROFILE_MESSAGES.bioTooLong)
    .refine(lines, NO_CONTROLS)
    .optional(),
  profileSetUp: z.literal(true).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const reportBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, PROFILE_MESSAGES.reportTooLong)
    .refine(lines, NO_CONTROLS)
    .default(''),
});
export const reportResultSchema = z.object({ message: z.string() });

/** `?show=` of a profile as its tab: anything else (or nothing) is the posts tab. */
export function profileTabOf(show: string | null | undefined): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(show ?? '') ? (show as ProfileTab) : 'posts';
}

const PHOTO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/**
 * A profile photo must be a jpeg, jpg, png or gif: by its type,
 * or by its name when the browser gives no type. The server checks the bytes too.
 */
export function isProfilePhotoFile(file: { name: string; type: string }): boolean {
  if (file.type) return PHOTO_TYPES.includes(file.type.toLowerCase());
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return PHOTO_EXTENSIONS.includes(extension);
}

/** The file picker's `accept` for a profile photo. */
export const ACCEPT_PROFILE_PHOTO = [...PHOTO_EXTENSIONS.map((e) => `.${e}`), ...PHOTO_TYPES].join(
  ',',
);
