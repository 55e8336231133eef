/*
 * Words and limits of profiles that the web shows, apart from the schemas
 * (schemas/profiles.ts re-exports them): a page importing these does not
 * evaluate zod (docs/benchmarks.md, Web).
 */
import { BIO_MAX_CHARS } from '../limits';
import { MESSAGES } from '../messages';

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
