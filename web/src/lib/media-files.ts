/** Spec core §5: jpeg, jpg, png, gif, webp, mp4, mov, avi, quicktime (posts and chat messages). */
export const ALLOWED_EXTENSIONS = [
  'jpeg',
  'jpg',
  'png',
  'gif',
  'webp',
  'mp4',
  'mov',
  'avi',
  'quicktime',
];
const VIDEO = ['mp4', 'mov', 'avi', 'quicktime'];

export const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** Videos are recognised by their file names (spec core §5). */
export const isVideoName = (name: string) => VIDEO.includes(extensionOf(name));

/** The file picker's `accept` for photos and videos. */
export const ACCEPT_MEDIA = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',') + ',image/*,video/*';
