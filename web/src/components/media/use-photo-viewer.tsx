import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { MediaDto } from '@common/schemas/posts';

/** The viewer comes as a chunk of its own, fetched when a photo is pointed at or tapped (ADR 046). */
const loadViewer = () => import('./PhotoViewer');
const PhotoViewer = lazy(() => loadViewer().then((m) => ({ default: m.PhotoViewer })));

/** Starts fetching the viewer's code before it is needed (a photo hovered or focused). */
export const preloadPhotoViewer = () => void loadViewer();

/**
 * A list of media's photo viewer: `open(index, opener)` shows the
 * `index`-th of `media` (videos counted, as the list shows them) and gives
 * focus back to `opener` on close; `viewer` is what to render, nothing while
 * closed. Nothing here touches the window while rendering, so the server can
 * draw the photos (ADR 045).
 */
export function usePhotoViewer(
  media: MediaDto[],
  { about, details }: { about?: { author: string; text: string }; details?: ReactNode } = {},
) {
  const [opened, setOpened] = useState<{ index: number; opener: HTMLElement } | null>(null);
  const photos = media.filter((m) => m.kind === 'image');
  const open = (index: number, opener: HTMLElement) => {
    const photo = media[index];
    setOpened({ index: photo ? photos.indexOf(photo) : 0, opener });
  };
  const viewer = opened ? (
    <Suspense fallback={null}>
      <PhotoViewer
        photos={photos}
        start={opened.index}
        about={about}
        returnFocus={opened.opener}
        onClose={() => setOpened(null)}
      >
        {details}
      </PhotoViewer>
    </Suspense>
  ) : null;
  return { open, viewer };
}
