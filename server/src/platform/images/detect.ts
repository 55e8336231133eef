import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/** What an upload is, judged by its bytes, never by its name or declared type. */
export interface DetectedMedia {
  kind: 'image' | 'video';
  mime: string;
  ext: string;
}

/**
 * The formats Quad accepts (docs/product/posts-and-listings.md, Media): jpeg,
 * png, gif, webp; mp4, mov, avi.
 */
const ACCEPTED: Record<string, DetectedMedia> = {
  jpg: { kind: 'image', mime: 'image/jpeg', ext: 'jpg' },
  png: { kind: 'image', mime: 'image/png', ext: 'png' },
  gif: { kind: 'image', mime: 'image/gif', ext: 'gif' },
  webp: { kind: 'image', mime: 'image/webp', ext: 'webp' },
  mp4: { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  mov: { kind: 'video', mime: 'video/quicktime', ext: 'mov' },
  avi: { kind: 'video', mime: 'video/x-msvideo', ext: 'avi' },
};

/** How many leading bytes are enough to recognise every accepted format. */
export const DETECT_BYTES = 4100;

/** The accepted media type of these leading bytes, or null for anything else. */
export async function detectMedia(head: Uint8Array): Promise<DetectedMedia | null> {
  const found = await fileTypeFromBuffer(head);
  return (found && ACCEPTED[found.ext]) ?? null;
}

/** The accepted media type of a file, or null for anything else. */
export async function detectMediaFile(file: string): Promise<DetectedMedia | null> {
  const found = await fileTypeFromFile(file);
  return (found && ACCEPTED[found.ext]) ?? null;
}
