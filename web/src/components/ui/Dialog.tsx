import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './Icons';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Blocking dialogs (progress) cannot be dismissed by the user. */
  blocking?: boolean;
  size?: 'sm' | 'md';
}

/** The one dialog of the app: focus trapped, Escape closes, labelled by its title (Radix). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  blocking,
  size = 'sm',
}: ModalProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={blocking ? undefined : onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
          onEscapeKeyDown={blocking ? (e) => e.preventDefault() : undefined}
          onPointerDownOutside={blocking ? (e) => e.preventDefault() : undefined}
          aria-describedby={description ? undefined : undefined}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children}
          {blocking ? null : (
            <RadixDialog.Close className="dialog__close icon-button" aria-label="Close">
              <CloseIcon width={20} height={20} />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm(): void;
}

/** Yes/no questions ("Delete Post?", "Clear all recent searches?", …). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="dialog__actions">
        <button
          type="button"
          className={`btn btn--md btn--block ${danger ? 'btn--danger' : 'btn--primary'}`}
          onClick={() => {
            onConfirm();
            onOpenChange(false);
          }}
        >
          {confirmLabel}
        </button>
        <RadixDialog.Close className="btn btn--md btn--block btn--secondary">
          {cancelLabel}
        </RadixDialog.Close>
      </div>
    </Modal>
  );
}

/** A blocking dialog with a real progress bar (uploads, account updates). */
export function ProgressDialog({
  open,
  title,
  progress,
}: {
  open: boolean;
  title: string;
  progress: number;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(progress * 100)));
  return (
    <Modal open={open} onOpenChange={() => undefined} title={title} blocking>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="progress__label">{percent}%</p>
    </Modal>
  );
}
