import sharp, { type Sharp } from 'sharp';
import { imageSlots, imageWeight, MAX_INPUT_PIXELS, type Slots } from './slots';

export { MAX_INPUT_PIXELS };

export type ImageVariantName = 'thumb' | 'feed' | 'original';

/** One stored size of an image: WebP bytes and their pixel size (one frame's, when animated). */
export interface ImageVariant {
  data: Buffer;
  width: number;
  height: number;
  mime: 'image/webp';
  ext: 'webp';
}

export interface ProcessedImage {
  /** More than one frame: every variant is an animated WebP. */
  animated: boolean;
  variants: Record<ImageVariantName, ImageVariant>;
}

/** Thumbnails are 200 px tall (docs/product/posts-and-listings.md, Media). */
export const THUMB_HEIGHT = 200;
/** A panorama's thumbnail stops growing wider here (and is then less than 200 px tall). */
export const THUMB_MAX_WIDTH = 2560;
/** The feed size: at most this many pixels on the long side. */
export const FEED_LONG_SIDE = 1080;
/** The largest size kept: at most this many pixels on the long side. */
export const ORIGINAL_LONG_SIDE = 2560;
const WEBP_QUALITY = 80;
const TIMEOUT_SECONDS = 120;
/**
 * Turns an uploaded photo into the sizes Quad serves: upright by its EXIF
 * orientation, without any metadata (EXIF, GPS, XMP, IPTC; colours converted to
 * sRGB and no profile attached), as WebP, animated GIFs and WebPs still
 * animated. Throws when the bytes are not a decodable image. Its header read,
 * it waits for room for its pixels in the process's image slots (slots.ts).
 */
export async function processImage(
  input: Buffer | string,
  slots: Slots = imageSlots,
): Promise<ProcessedImage> {
  const meta = await sharp(input, { ...LIMITS, animated: true }).metadata();
  // An animation's frames are stacked: `height` counts every frame's pixels.
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) throw new Error('too many pixels');
  const animated = (meta.pages ?? 1) > 1;
  return slots.run(() => decodeAndEncode(input, animated), imageWeight(pixels));
}

const LIMITS = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;

async function decodeAndEncode(input: Buffer | string, animated: boolean): Promise<ProcessedImage> {
  // Orientation applies to single frames; sharp cannot rotate animations by 90°.
  const base = sharp(input, { ...LIMITS, animated, autoOrient: !animated }).timeout({
    seconds: TIMEOUT_SECONDS,
  });
  const [thumb, feed, original] = await Promise.all([
    encode(base.clone().resize({ width: THUMB_MAX_WIDTH, height: THUMB_HEIGHT, fit: 'inside' })),
    encode(
      base.clone().resize({
        width: FEED_LONG_SIDE,
        height: FEED_LONG_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ),
    encode(
      base.clone().resize({
        width: ORIGINAL_LONG_SIDE,
        height: ORIGINAL_LONG_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ),
  ]);
  return { animated, variants: { thumb, feed, original } };
}

// sharp writes no metadata unless asked (no keepMetadata/keepExif/withIccProfile here).
async function encode(pipeline: Sharp): Promise<ImageVariant> {
  const { data, info } = await pipeline
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    // An animation's frames are stacked: one frame is pageHeight tall.
    height: info.pageHeight ?? info.height,
    mime: 'image/webp',
    ext: 'webp',
  };
}
