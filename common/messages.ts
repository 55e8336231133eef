/**
 * Every user-visible message, word for word, in one catalogue. The web app
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
  /** Quad's words under it on a shared post's page. */
  privatePost: (productName: string) =>
    `This post is in ${productName}, a private community. Log in or join to see it.`,
  clickToJoin: 'Click to Join',
  // Welcome page (generic campus)
  viewYourCampus: 'View Your Campus',
  findYourCampus: 'Find Your Campus',
  joinYourCampus: 'Join Your Campus',
  // Banners and dropdowns
  verifyYourAccount: 'Verify your account',
  visitYourCampus: 'Visit Your Campus',
  /** The badge beside a school-verified student's name, read by screen readers and shown on hover (ADR 049). */
  verifiedStudent: 'Verified student',
  logInSignUp: 'Log In / Sign Up',
  takesSeconds: 'Takes less than a few seconds.',
  continueWithEmail: 'Continue with Email',
  logInWithEmail: 'Log In with Email',
  // Auth prompt wording by type: one reason per gated action
  authPrompt: {
    search: 'Start searching.',
    post: 'Create a post.',
    like: 'Like this post to share the love.',
    comment: 'Comment to join the conversation.',
    message: 'Join Group so you can message privately.',
    join: 'Join Your Campus',
    // Pages of one's own: a guest has none (ADR 050).
    notifications: 'See your notifications.',
    saved: 'Save posts to find them later.',
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
  // School finder (the generic campus's search box leads there)
  searchSchools: 'Search schools',
  noResultsFor: (query: string) => `No results for "${query}"`,
  // Settings menu and static pages
  settingsAccountInfo: 'Account Info',
  settingsAccountSettings: 'Account Settings',
  settingsHelpFeedback: 'Help & Feedback',
  settingsCustomerSupport: 'Customer Support',
  settingsGiveUsFeedback: 'Give Us Feedback',
  settingsGeneralInfo: 'General Info',
  settingsAbout: 'About',
  settingsHowItWorks: 'How It Works',
  settingsReturnPolicy: 'Return Policy',
  settingsTrustAndSafety: 'Trust and Safety',
  settingsTermsOfService: 'Terms of Service',
  settingsPrivacyPolicy: 'Privacy Policy',
  settingsLogOut: 'Log Out',
  settingsCodeOfConduct: 'Code of Conduct',
  termsLastUpdated: 'Last updated May 27, 2021',
  privacyLastUpdated: 'Last updated June 24, 2022',
  // School e-mail pages and permission gates. The words of the school-verification
  // prompt's variants are Quad's.
  schoolEmail: {
    sendPin: 'Send PIN',
    verify: 'Verify',
    verified: 'Account Updated!',
    usedToVerify: 'Your school email is used to verify your account.',
  },
  schoolVerifyPrompt: {
    post: 'Verify your school email to post.',
    message: 'Verify your school email to message other students.',
    comment: 'Verify your school email to comment.',
    like: 'Verify your school email to like and save posts.',
  },
  // Sign-in pages, account menu and sidebar. The labels are the product's fixed
  // wording; the rest of the sign-in copy is Quad's.
  signIn: {
    continueWithGoogle: 'Continue with Google',
    emailMeALink: 'Email me a link',
    forgotPassword: 'Forgot password?',
    createAccount: 'Create account',
    logIn: 'Log In',
    profile: 'Profile',
    viewProfile: 'View Profile',
    mySaved: 'My Saved',
    createPost: 'Create Post',
    settings: 'Settings',
    logOut: 'Log out',
    cancel: 'Cancel',
    verify: 'Verify',
    resendCode: 'Resend code',
    codeSentTo: 'We sent a code to',
    emailDelay: 'E-mails may take 1-2 minutes to arrive.',
    checkYourInbox: 'Check your inbox',
    passwordsDoNotMatch: 'Passwords do not match.',
    passwordChanged: 'Your password was changed.',
  },
  // Feed, composer and post page
  posts: {
    createPost: 'Create Post',
    post: 'Post',
    reply: 'Reply',
    comment: 'Comment',
    share: 'Share',
    copyLink: 'Copy link',
    delete: 'Delete',
    moreOptions: 'More options',
    discardPostTitle: 'Discard Post?',
    discardPostText: "Your post won't be saved.",
    discard: 'Discard',
    deleteCommentTitle: 'Delete Comment?',
    deleteText: "This can't be undone.",
    uploading: 'Uploading…',
    posting: 'Posting…',
    addCategory: 'Add category',
    noCategory: 'No category',
    addMedia: 'Add photos or videos',
    category: 'Category',
    allCategories: 'All categories',
    savedTitle: 'Saved',
    noSaved: 'No saved posts yet',
    noSavedHint: 'Tap Save on a post to keep it here.',
    noLikes: 'No one has saved this post yet.',
    search: 'Search',
    postTitle: (firstName: string) => `${firstName}'s post`,
    /** A post's time under a minute old (Quad's words; then "5 minutes ago"…). */
    justNow: 'just now',
  },
} as const;

/** Alert tones: success (green), okay (neutral), danger (red). */
export type AlertTone = 'success' | 'okay' | 'danger';

/** How long an alert stays up; the long one is for the too-many-attempts lockout. */
export const ALERT_MS = 2600;
export const ALERT_LONG_MS = 7800;

/** Sign-in, registration and verification messages. */
export const AUTH_MESSAGES = {
  // Login
  tooManyAttempts:
    'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
  wrongPassword: 'Wrong password!',
  userNotFound: 'Incorrect. Please try again.',
  internalError: 'Internal server error.',
  invalidEmail: 'Invalid email address.',
  invalidCredentials: 'Invalid login credentials.',
  genericError: 'Something went wrong. Try again.',
  // Registration
  emailTaken: 'Email has already been taken.',
  passwordTooShort: 'Password too short.',
  // Quad's words: a password on the common-passwords list is refused.
  // One line, like the field's other messages, so nothing below the field moves.
  passwordTooCommon: 'This password is too common.',
  acceptTerms: 'Please accept the Terms of Service.',
  // Validation
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email address!',
  passwordRequired: 'Password is required.',
  banned: 'Account has been banned',
  nameRequired: 'Name is required.',
  fullNameRequired: 'Full name is required',
  wrongEmail: 'Failed: Wrong Email.',
  enterCode: 'Please enter verification code',
  codeIncorrect: 'Your code was incorrect. Please try again.',
  resetUserNotFound: 'User not found, try again!',
  tooManyCodeAttempts: 'Too many incorrect codes. Please try again tomorrow.',
  codeRecentlySent: 'A code was just sent. Please wait a moment before asking for another.',
  // Magic link
  emailSent: 'Email sent.',
  unknownError: 'An unknown error has occurred',
  linkExpired: 'This link has expired or was already used.',
  // Google sign-in
  google: {
    network: 'Network error. Please check your connection',
    canceled: 'Error: Sign-in process was canceled',
    differentCredentials: 'Error: Account already exists with different credentials',
    invalidCredential: 'Error: Invalid credentials',
    disabled: 'Error: That account has been disabled',
    notFound: 'Error: User email not found',
    wrongPassword: 'Error: Incorrect password',
    unknown: 'Unknown Error Signing In with Google',
    database: 'Error Signing In with Google.',
  },
  // School e-mail
  newSchoolEmail: 'Enter a new school email',
  validSchoolEmail: 'Enter a valid school email',
  schoolEmailTaken: 'That school email belongs to another account.',
  schoolEmailPlaceholder: 'Enter school email(.edu)',
  // Gates: why the server refuses a request (sign-in, verification, origin, rate)
  signInRequired: 'Log in to continue.',
  verifyRequired: 'Verify your account to continue.',
  schoolVerifyRequired: 'Verify your school email to continue.',
  crossOrigin: 'This request came from another site and was refused.',
  rateLimited: 'Too many requests. Please try again later.',
  // Moving to another campus site (ADR 036): a confirmation, never a silent sign-in.
  handoff: {
    title: (name: string, username: string) => `Continue as ${name} (@${username})?`,
    text: (campus: string) => `You'll be signed in to ${campus} on this device.`,
    replaces: (username: string) =>
      `You're signed in here as @${username}. Continuing signs you out of that account.`,
    continue: 'Continue',
    notNow: 'Not now',
    expiredTitle: 'This link has expired',
    goHome: 'Go to the home page',
  },
} as const;

/** Account settings: /settings/account and its sub-pages. */
export const ACCOUNT_MESSAGES = {
  title: 'Account settings',
  username: 'Username',
  changePassword: 'Change your password',
  email: 'Email',
  phone: 'Phone',
  clickToAdd: 'click to add',
  schoolEmail: 'School Email',
  joinYourCampus: 'Join your campus',
  gender: 'Gender',
  birthDate: 'Birth date',
  none: 'None',
  verified: 'Verified',
  accountCreated: 'Account created',
  accountStatus: 'Account status',
  /** The phone-width unread badge of the page's header (notifications plus chats). */
  unreadBadge: (count: number) =>
    `${count} unread ${count === 1 ? 'notification or chat' : 'notifications and chats'}`,
  yes: 'Yes',
  no: 'No',
  // The sub-pages' own labels (Quad's words; the validation messages are in schemas/account.ts).
  save: 'Save',
  saving: 'Saving…',
  usernameHint: 'Links to your old username keep working for 30 days.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordAgain: 'Re-enter new password',
  setPasswordIntro: (email: string) =>
    `You sign in without a password today. To choose one, we e-mail a link to ${email}: it proves the address is yours.`,
  sendPasswordLink: 'Email me a link',
  passwordIntro: 'Every other device signed in to your account is signed out when you save.',
  phoneHint: 'A US number, like (405) 555-0123. Leave it empty to remove it.',
  genderOptions: { male: 'Male', female: 'Female', other: 'Other' },
  notShownPublicly: 'Not shown publicly.',
  month: 'Month',
  day: 'Day',
  year: 'Year',
  newEmail: 'New email',
  sendCode: 'Send code',
  emailIntro:
    'We send a code to the new address; your e-mail changes when you enter it. Every other device is signed out.',
  emailIntroNoPassword:
    'Your account has no password, so we first send a link to your current address to confirm the change; then a code to the new address.',
  approvalSentTo: (current: string, next: string) =>
    `Open the link we sent to ${current} to confirm, then enter the 4-digit code we send to ${next}.`,
  approveTitle: 'Confirm your new e-mail',
  approveText: (email: string) =>
    `Change your account’s e-mail to ${email}? A code then goes to that address.`,
  approveButton: 'Confirm the change',
  undoTitle: 'Undo the e-mail change',
  undoText: (email: string) =>
    `Your account signs in with ${email} again, and every device signed in to it is signed out.`,
  undoButton: 'Undo the change',
  undoneTitle: 'The change is undone',
  approvedTitle: 'Change confirmed',
  linkIncomplete: 'This link is incomplete',
  signInAgain: 'Sign in',
  resetPassword: 'Reset your password',
  toEmailPage: 'Go to your e-mail settings',
  codeSentTo: (email: string) => `Enter the 4-digit code we sent to ${email}.`,
  verificationCode: 'Verification code',
  useAnotherEmail: 'Use another e-mail',
  emailAlerts: 'E-mail alerts',
  emailAlertsHint: 'Messages and activity sent to your e-mail',
} as const;

/**
 * Media gallery (/media and /media/{id}). The Feed and Media tab names are
 * the product's fixed wording; the other labels are Quad's.
 */
export const MEDIA_MESSAGES = {
  feedTab: 'Feed',
  mediaTab: 'Media',
  tabsLabel: 'Feed and media',
  gridLabel: 'Photos and videos',
  morePhotos: 'More photos and videos',
  loadFailed: "Photos and videos couldn't load.",
  tryAgain: 'Try again',
  tileName: (kind: 'image' | 'video', author: string, text: string, count: number) =>
    `${kind === 'video' ? 'Video' : 'Photo'} by ${author}${text ? `: ${text}` : ''}${count > 1 ? ` (1 of ${count})` : ''}`,
} as const;

/**
 * The full-screen photo viewer (ADR 046): a post's photos one at a time,
 * opened from the feed, the post page and the media gallery.
 */
export const PHOTO_VIEWER_MESSAGES = {
  title: (author?: string) => (author ? `Photos by ${author}` : 'Photos'),
  howTo: 'Swipe or use the arrow keys to move between photos. Double-tap or double-click to zoom.',
  counter: (n: number, total: number) => `${n} of ${total}`,
  photoAlt: (n: number, total: number, author?: string, text?: string) =>
    `Photo ${n} of ${total}${author ? ` by ${author}` : ''}${text ? `: ${text}` : ''}`,
  close: 'Close',
  previous: 'Previous photo',
  next: 'Next photo',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
} as const;

/** The HTTP layer's own refusals, before any route has run (server/src/http/error-handler.ts). */
export const HTTP_MESSAGES = {
  badUrl: 'This address is not valid.',
  uriTooLong: 'This address is too long.',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long to arrive.',
  badRequest: 'This request could not be read.',
  internal: 'Internal server error.',
} as const;

/**
 * A student's upload limit (ADR 039): how much one student may upload in any
 * 24 hours, set by the operator, so the size comes in as text ("1 GB").
 */
export const UPLOAD_MESSAGES = {
  dailyLimitReached: (limit: string, hours: number) =>
    `You've reached your upload limit of ${limit} a day. You can upload more in ${hours === 1 ? '1 hour' : `${hours} hours`}.`,
  fileOverDailyLimit: (left: string, limit: string) =>
    `This file is larger than what is left of your upload limit today (${left} of ${limit}). Try a smaller file.`,
} as const;

/** A size for people: "1 GB", "250 MB", "900 KB" (whole units, rounded down; KB below one MB). */
export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= 1024 * MB && bytes % (1024 * MB) === 0) return `${bytes / (1024 * MB)} GB`;
  if (bytes >= MB) return `${Math.floor(bytes / MB)} MB`;
  return `${Math.max(0, Math.floor(bytes / 1024))} KB`;
}
