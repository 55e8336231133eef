import type { MediaDto } from '@common/schemas/posts';
import type { MediaColumns } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { mediaRepository, parseVariants } from './media.repository';

type PresentableMedia = Pick<
  MediaColumns,
  'id' | 'kind' | 'mime' | 'key' | 'width' | 'height' | 'variants'
>;

/**
 * A stored upload as the API shows it: `url` is the feed size of a photo (or
 * the video itself), `thumbUrl` the 200 px tall thumbnail (or the video), and
 * width × height the size of the file at `url` (0 × 0 for videos: unknown).
 */
export function presentMedia(row: PresentableMedia, storage: BlobStore): MediaDto {
  const { thumb, feed, original } = parseVariants(row);
  const main = feed ?? original;
  return {
    id: row.id,
    kind: row.kind === 'video' ? 'video' : 'image',
    mime: row.mime,
    url: storage.url(main.key),
    thumbUrl: storage.url((thumb ?? original).key),
    width: main.width,
    height: main.height,
  };
}

/** Every blob key of these rows (all variants), for deleting their files after the rows go. */
export const keysOfMedia = mediaRepository.keysOf;
