/**
 * Every user-visible message of the spec, verbatim (DESIGN §1.5). The web app
 * and the tests both read from here, so a changed word fails a test.
 */
export const MESSAGES = {
  // Shell and navigation
  notFoundTitle: "This page doesn't exist.",
  notFoundHint: 'Try searching for something else.',
  goToFeed: 'Go To Feed',
  error404: 'Error 404',
  groupMembers: '5.4K members',
  joinGroup: 'Join Group',
  shareGroup: 'Share Group',
  privateCommunity: 'This community is private.',
  clickToJoin: 'Click to Join',
  // Welcome page (generic campus)
  viewYourCampus: 'View Your Campus',
  findYourCampus: 'Find Your Campus',
  joinYourCampus: 'Join Your Campus',
  // Banners and dropdowns
  verifyYourAccount: 'Verify your account',
  visitYourCampus: 'Visit Your Campus',
  logInSignUp: 'Log In / Sign Up',
  takesSeconds: 'Takes less than a few seconds.',
  continueWithEmail: 'Continue with Email',
  logInWithEmail: 'Log In with Email',
  // Auth prompt wording by type (spec core §2)
  authPrompt: {
    search: 'Start searching.',
    post: 'Create a post.',
    like: 'Like this post to share the love.',
    comment: 'Comment to join the conversation.',
    message: 'Join Group so you can message privately.',
    join: 'Join Your Campus',
  },
  verifyAccount: 'Verify Account',
  logoutQuestion: 'Are you sure you want to logout?',
  // Feed
  feedEnd: "You've reached the end.",
  feedEmpty: 'Be the first...',
  feedEmptyHint: 'Nothing to see here - yet',
  postSent: 'Your post was sent',
  // Generic
  somethingWentWrong: 'Something went wrong',
  copiedToClipboard: 'Copied to clipboard',
  linkCopied: 'Link Copied!',
} as const;

/** Alert tones of the spec: success (green), okay (neutral), danger (red). */
export type AlertTone = 'success' | 'okay' | 'danger';

/** Alert durations of spec core §9. */
export const ALERT_MS = 2600;
export const ALERT_LONG_MS = 7800;
