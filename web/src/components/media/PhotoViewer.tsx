import * as Dialog from '@radix-ui/react-dialog';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { PHOTO_VIEWER_MESSAGES as M } from '@common/messages';
import type { MediaDto } from '@common/schemas/posts';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../ui/Icons';
import styles from './PhotoViewer.module.css';
import { usePhotoGestures } from './use-photo-gestures';

/** How much of a post's text the photos' alt text carries. */
const ALT_TEXT_CHARS = 80;

export interface PhotoViewerProps {
  /** The photos, in the post's order (videos are not among them). */
  photos: MediaDto[];
  /** The photo shown first. */
  start: number;
  /** Whose photos they are, and the post's words: the dialog's name and the photos' alt text. */
  about?: { author: string; text: string };
  /** Under the photo: the listing's price and Save. */
  children?: ReactNode;
  /** Where focus goes back on close: the photo that opened the viewer. */
  returnFocus?: HTMLElement | null;
  onClose(): void;
}

const excerpt = (text: string) => {
  const chars = [...text.trim()];
  return chars.length > ALT_TEXT_CHARS
    ? `${chars.slice(0, ALT_TEXT_CHARS).join('').trimEnd()}…`
    : chars.join('');
};

/**
 * A post's photos full screen, one at a time and uncropped (ADR 046): swipe
 * or the arrow keys move between them, a pinch or a double tap zooms, and a
 * zoomed photo pans. A Radix dialog: focus stays inside, Escape and Close
 * close it, and focus goes back to the photo that opened it.
 */
export function PhotoViewer({
  photos,
  start,
  about,
  children,
  returnFocus,
  onClose,
}: PhotoViewerProps) {
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), photos.length - 1));
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const total = photos.length;
  const canTurn = (direction: 1 | -1) => index + direction >= 0 && index + direction < total;
  const gestures = usePhotoGestures({
    stage,
    canTurn,
    onTurn: (direction) => turn(direction),
  });
  function turn(direction: 1 | -1) {
    if (!canTurn(direction)) return;
    gestures.reset();
    setIndex(index + direction);
  }
  const handleKeyDown = (event: KeyboardEvent) => {
    const direction = { ArrowRight: 1, ArrowLeft: -1 }[event.key] as 1 | -1 | undefined;
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    turn(direction);
  };
  const zoomed = gestures.view.scale > 1;
  // The seller's description when there is one (ADR 060), else which photo and whose.
  const alt = (i: number) =>
    photos[i]?.alt ||
    M.photoAlt(i + 1, total, about?.author, about?.text ? excerpt(about.text) : undefined);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.viewer}
          onKeyDown={handleKeyDown}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeButton.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus?.isConnected) return;
            event.preventDefault();
            returnFocus.focus();
          }}
        >
          <Dialog.Title className="visually-hidden">{M.title(about?.author)}</Dialog.Title>
          <Dialog.Description className="visually-hidden">{M.howTo}</Dialog.Description>
          <div className={styles.bar}>
            <p className={styles.counter} aria-live="polite" aria-atomic="true">
              {M.counter(index + 1, total)}
            </p>
            <button type="button" className={styles.zoom} onClick={() => gestures.toggleZoom()}>
              {zoomed ? M.zoomOut : M.zoomIn}
            </button>
            <Dialog.Close ref={closeButton} className={styles.round} aria-label={M.close}>
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          <div ref={stage} className={styles.stage}>
            <div
              className={`${styles.surface} ${gestures.dragging ? styles.dragging : ''} ${zoomed ? styles.zoomed : ''}`}
              data-testid="photo-stage"
              {...gestures.handlers}
            >
              <div
                className={styles.track}
                style={{ transform: `translateX(calc(${-index * 100}% + ${gestures.dragX}px))` }}
              >
                {photos.map((photo, i) => (
                  <div
                    key={photo.id}
                    className={styles.slide}
                    aria-hidden={i !== index || undefined}
                  >
                    {Math.abs(i - index) <= 1 ? (
                      <img
                        className={styles.photo}
                        src={photo.url}
                        width={photo.width}
                        height={photo.height}
                        alt={alt(i)}
                        draggable={false}
                        style={
                          i === index
                            ? {
                                transform: `translate(${gestures.view.x}px, ${gestures.view.y}px) scale(${gestures.view.scale})`,
                              }
                            : undefined
                        }
                      />
                    ) : null}
                  </div>
                ))}
              </div>
            </div>
            {total > 1 ? (
              <>
                <TurnButton direction={-1} disabled={index === 0} onTurn={turn} />
                <TurnButton direction={1} disabled={index === total - 1} onTurn={turn} />
              </>
            ) : null}
          </div>
          {children ? <div className={styles.details}>{children}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Previous or Next photo: what a swipe does, for a mouse, a switch or a
 * screen reader. At the first or last photo it stays focusable and does nothing
 * (aria-disabled), so focus is never lost from under a keyboard.
 */
function TurnButton({
  direction,
  disabled,
  onTurn,
}: {
  direction: 1 | -1;
  disabled: boolean;
  onTurn(direction: 1 | -1): void;
}) {
  const Icon = direction === 1 ? ChevronRightIcon : ChevronLeftIcon;
  return (
    <button
      type="button"
      className={`${styles.round} ${styles.turn} ${direction === 1 ? styles.next : styles.previous}`}
      aria-label={direction === 1 ? M.next : M.previous}
      aria-disabled={disabled}
      onClick={() => onTurn(direction)}
    >
      <Icon width={26} height={26} />
    </button>
  );
}
