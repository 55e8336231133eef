import type { MediaDto } from '@common/schemas/posts';
import type { MediaColumns, Selectable } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { mediaRepository, parseVariants } from './media.repository';

type MediaRow = Selectable<MediaColumns>;
/** A fresh upload has no description or length yet: they read as '' and null. */
type PresentableMedia = Pick<
  MediaRow,
  'id' | 'kind' | 'mime' | 'key' | 'width' | 'height' | 'variants'
> &
  Partial<Pick<MediaRow, 'alt' | 'duration_ms'>>;

/**
 * A stored upload as the API shows it: `url` is the feed size of a photo (or
 * the video itself), `thumbUrl` the 200 px tall thumbnail (a video's poster
 * thumbnail, or the video when it has no poster), and width × height the size
 * of the file at `url`, or for a video of its poster frame (0 × 0: unknown).
 */
export function presentMedia(row: PresentableMedia, storage: BlobStore): MediaDto {
  const { thumb, feed, original, poster, posterThumb } = parseVariants(row);
  const video = row.kind === 'video';
  const main = feed ?? original;
  const size = video && poster ? poster : main;
  return {
    id: row.id,
    kind: video ? 'video' : 'image',
    mime: row.mime,
    url: storage.url(main.key),
    thumbUrl: storage.url((video ? (posterThumb ?? original) : (thumb ?? original)).key),
    width: size.width,
    height: size.height,
    alt: video ? '' : (row.alt ?? ''),
    posterUrl: video && poster ? storage.url(poster.key) : null,
    durationMs: video ? (row.duration_ms ?? null) : null,
  };
}

/** Every blob key of these rows (all variants), for deleting their files after the rows go. */
export const keysOfMedia = mediaRepository.keysOf;
