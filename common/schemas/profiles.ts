import { z } from 'zod';
import { campusIdSchema } from './campus';
import { BIO_MAX_CHARS } from '../limits';
import { MESSAGES } from '../messages';
import { isBlank } from '../text';
import {
  cursorField,
  lines,
  NO_CONTROLS,
  NO_DIRECTION_CONTROLS,
  noDirectionControls,
  oneLine,
} from './fields';

/** The profile page, profile edit and the set-up wizard (ADR 011). */
export const PROFILE_MESSAGES = {
  noPosts: 'No Posts',
  /** Above a comment on the replies and likes tabs: what it answers (Quad's words). */
  replyingTo: 'Replying to',
  repliesLabel: (name: string) => `Replies to ${name}`,
  end: MESSAGES.feedEnd,
  notFoundTitle: MESSAGES.notFoundTitle,
  notFoundHint: MESSAGES.notFoundHint,
  editProfile: 'Edit Profile',
  setUpProfile: 'Set up profile',
  copyLink: 'Copy link',
  claimAccount: 'Claim this account',
  report: 'Report',
  editDisplayName: 'Edit Display Name',
  editBio: 'Edit Bio',
  firstName: 'First Name',
  lastName: 'Last Name',
  bio: 'Bio',
  save: 'Save',
  cancel: 'Cancel',
  profileUpdated: 'Profile Updated',
  onlyPhotos: 'Only photos are allowed!',
  userReported: 'User Reported. Thanks for letting us know.',
  pickPicture: 'Pick a profile picture',
  describeYourself: 'Describe yourself',
  skipForNow: 'Skip for now',
  next: 'Next',
  profileIsUpdated: 'Your profile is updated',
  seeProfile: 'See profile',
  /** Quad's words for the name, bio and report limits. */
  nameRequired: 'Name is required.',
  nameTooLong: 'Names are at most 20 characters.',
  bioTooLong: `Bios are at most ${BIO_MAX_CHARS} characters.`,
  reportTooLong: 'Reasons are at most 500 characters.',
  notYourself: 'You cannot report yourself.',
  /** Quad's words for the profile page's parts. */
  memberSince: (monthYear: string) => `Member since ${monthYear}`,
  listings: (n: number) => `${n} ${n === 1 ? 'listing' : 'listings'}`,
  tabs: { posts: 'Posts', photos: 'Photos', likes: 'Likes', replies: 'Replies' },
  tabsLabel: 'Profile sections',
  moreActions: 'More actions',
  reportTitle: (name: string) => `Report ${name}?`,
  reportText: 'Tell us what is wrong with this account. The student is not told who reported them.',
  reportReason: 'Reason (optional)',
  changePhoto: 'Change photo',
  addPhoto: 'Add a photo',
  uploadingPhoto: 'Uploading photo…',
  displayName: 'Display name',
  noBio: 'No bio yet.',
  bioPlaceholder: 'What you study, what you sell, what you are looking for…',
  counter: (n: number) => `${n} / ${BIO_MAX_CHARS}`,
} as const;

export const NAME_MAX_CHARS = 20;

/** `?show=` of a profile: absent means posts. */
export const PROFILE_TABS = ['posts', 'photos', 'likes', 'replies'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

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
