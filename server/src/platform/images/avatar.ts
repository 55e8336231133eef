import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './process-image';
import { imageSlots } from './slots';

/** Profile photos: jpeg, jpg, png or gif only. */
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
/** Square, this many pixels a side. */
export const AVATAR_SIZE = 400;

/**
 * A profile photo as Quad keeps it: recognised by its bytes (not its name),
 * upright, cropped to a centred square, without any metadata, as WebP (the
 * first frame of a GIF). `null` when the bytes are not an accepted photo.
 */
export async function processAvatar(input: Buffer): Promise<Buffer | null> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !AVATAR_TYPES.has(type.mime)) return null;
  try {
    return await imageSlots.run(() =>
      sharp(input, {
        failOn: 'error',
        autoOrient: true,
        limitInputPixels: MAX_INPUT_PIXELS,
      })
        .timeout({ seconds: 60 })
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch {
    return null;
  }
}
