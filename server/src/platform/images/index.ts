export { DETECT_BYTES, detectMedia, detectMediaFile, type DetectedMedia } from './detect';
export {
  FEED_LONG_SIDE,
  MAX_INPUT_PIXELS,
  ORIGINAL_LONG_SIDE,
  processImage,
  THUMB_HEIGHT,
  THUMB_MAX_WIDTH,
  type ImageVariant,
  type ImageVariantName,
  type ProcessedImage,
} from './process-image';
export { IMAGE_PIXELS, IMAGE_SLOTS, imageSlots, MIN_IMAGE_PIXELS } from './slots';
