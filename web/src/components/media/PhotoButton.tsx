import type { ReactNode } from 'react';
import styles from './PhotoButton.module.css';
import { preloadPhotoViewer } from './use-photo-viewer';

/**
 * A photo of a post as a button that opens the photo viewer (ADR 046). Its
 * name is the photo's alt text; it is as wide as the photo and adds no box
 * of its own, so the photo keeps its measured size and nothing shifts.
 */
export function PhotoButton({
  onOpen,
  children,
}: {
  onOpen(opener: HTMLElement): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.button}
      aria-haspopup="dialog"
      onClick={(event) => onOpen(event.currentTarget)}
      onPointerEnter={preloadPhotoViewer}
      onFocus={preloadPhotoViewer}
    >
      {children}
    </button>
  );
}
