/*
 * Words and limits of posts that the web shows, apart from the schemas
 * (schemas/posts.ts re-exports them): a page importing these does not
 * evaluate zod (docs/benchmarks.md, Web).
 */
/** The composer's and posts' words: validation, alerts, empty states. */
export const POST_MESSAGES = {
  tooManyCharacters: 'Error: Too many characters!',
  needTextOrFile: 'Write something or add a photo.',
  tooManyFiles: 'Please choose up to 10 photos.',
  onlyPhotosVideos: 'Only photos & videos are allowed!',
  /** After posting; the feed's ?filter=notify-posted alert (MESSAGES.postSent) has no full stop. */
  postSent: 'Your post was sent.',
  replySent: 'Your reply was sent',
  postDeleted: 'Your post was deleted',
  commentRemoved: 'Comment Removed',
  postSaved: 'Post saved.',
  saved: 'Saved!',
  save: 'Save',
  categorySwitched: 'Category switched',
  postDeletedMissing: 'Sorry, that post has been deleted.',
  missingPage: "Hmm...this page doesn't exist. Try searching for something else.",
  beFirstToComment: 'Be the first to comment',
  noPhotosVideos: 'No Photos / Videos',
  composerPlaceholder: 'What are you selling?',
  commentPlaceholder: 'Write a comment...',
  boostVisibility: 'Boost visibility',
  boostVisibilityText: 'Add a category to your post for better search results.',
  deletePostTitle: 'Delete Post?',
  ownCampusOnly: 'You can post only on your own campus.',
  notYours: 'Only the author can delete this post.',
  seeMore: 'See more',
  seeLess: 'See less',
  likedBy: 'Liked by',
} as const;

export const MAX_FILES_PER_POST = 10;

/** The longest description of a photo, in characters (ADR 060). */
export const ALT_TEXT_MAX_CHARS = 250;
/** The longest video whose length the web may report, in milliseconds (four hours). */
export const VIDEO_DURATION_MAX_MS = 4 * 60 * 60 * 1000;

/** Words of photo descriptions and video posters (docs/product/posts-and-listings.md, Media). */
export const MEDIA_ALT_MESSAGES = {
  altTooLong: `Photo descriptions can be up to ${ALT_TEXT_MAX_CHARS} characters.`,
  /** The composer's label of a photo's description field. */
  altLabel: (n: number, of: number) => `Describe photo ${n} of ${of}`,
  altHint: 'Say what the photo shows for people who cannot see it.',
  /** "120 / 250": characters used of the limit. */
  altCounter: (used: number) => `${used} / ${ALT_TEXT_MAX_CHARS}`,
  /** The author's item of a post's menu, and its dialog's title: descriptions after posting. */
  describePhotos: 'Describe photos',
  saveDescriptions: 'Save',
  descriptionsSaved: 'Photo descriptions saved.',
  /** The web's alt text of a photo that has no description. */
  photoAlt: (n: number, of: number) => `Photo ${n} of ${of}`,
  notAVideo: 'Only a video of yours that is not posted yet can take a poster frame.',
  posterNotImage: 'A poster frame must be a JPEG, PNG or WebP image.',
  posterTooLarge: 'This poster frame is too large: it can be up to 5 MB.',
  /** "Video, 0:42": a video's accessible name with its length. */
  videoLength: (duration: string) => `Video, ${duration}`,
} as const;

/**
 * What the viewer may do with a post or comment, computed by the server's
 * post policy (ADR 044): the web shows an action only when its flag is true.
 * `edit` changes a listing's price, condition or status; `markSold` marks an
 * unsold one sold; `renew` makes a listing current again; `save`, `comment`,
 * `message` (its author) and `report` are the other actions a post offers.
 */
export const POST_ACTIONS = [
  'edit',
  'delete',
  'markSold',
  'renew',
  'save',
  'comment',
  'message',
  'report',
] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

export const LISTING_SORTS = ['recent', 'price'] as const;
