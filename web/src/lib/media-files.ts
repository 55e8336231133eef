/** The files posts and chat messages take: jpeg, jpg, png, gif, webp, mp4, mov, avi, quicktime. */
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

/** Videos are recognised here by their file names; the server checks the bytes. */
export const isVideoName = (name: string) => VIDEO.includes(extensionOf(name));

/** The file picker's `accept` for photos and videos. */
export const ACCEPT_MEDIA = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',') + ',image/*,video/*';
