import type { FormEvent } from 'react';
import { useLayoutEffect, useState } from 'react';
import { MESSAGES } from '@common/messages';
import { POST_MESSAGES } from '@common/words/posts';
import { useAlert } from '../../../components/ui/Alerts';
import { Modal } from '../../../components/ui/Dialog';
import { CategoryMenu, ComposerDialogs, ComposerForm } from './ComposerForm';
import { useComposerDraft } from './use-composer-draft';

/**
 * Gives focus back to what opened the dialog once it closes, however it
 * closed (Escape, Close, Discard, sent) and whether its owner unmounts it or
 * keeps it: focus never falls to the page's body (WCAG 2.4.3). It runs after
 * the dialog's own return of focus, and only when that left focus nowhere.
 */
function useReturnFocus(open: boolean) {
  // A layout effect: it reads the opener before the dialog's content mounts and takes focus.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      window.setTimeout(() =>
        window.setTimeout(() => {
          const lost = !document.activeElement || document.activeElement === document.body;
          if (lost && opener?.isConnected) opener.focus();
        }),
      );
    };
  }, [open]);
}

/** The "Create Post" dialog on wide screens. */
export function Composer({ open, onClose }: { open: boolean; onClose(): void }) {
  useReturnFocus(open);
  const alert = useAlert();
  const draft = useComposerDraft();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const { view, progress } = draft;

  const handleOpenChange = (next: boolean) => {
    if (next || progress !== null) return;
    if (draft.dirty) setConfirmDiscard(true);
    else {
      draft.reset();
      onClose();
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const post = await draft.submit();
    if (!post) return;
    onClose();
    alert({
      msg: POST_MESSAGES.postSent,
      alertType: 'success',
      link: { to: `/post/${post.id}`, label: 'View' },
    });
  };

  return (
    <>
      <Modal
        open={open}
        onOpenChange={handleOpenChange}
        title={view === 'compose' ? MESSAGES.posts.createPost : POST_MESSAGES.boostVisibility}
        description={view === 'categories' ? POST_MESSAGES.boostVisibilityText : undefined}
        size="md"
      >
        {view === 'categories' ? (
          <CategoryMenu
            value={draft.category}
            onChange={draft.handleCategory}
            onBack={() => draft.setView('compose')}
          />
        ) : (
          <ComposerForm draft={draft} onSubmit={(e) => void handleSubmit(e)} />
        )}
      </Modal>
      <ComposerDialogs
        draft={draft}
        confirmDiscard={confirmDiscard}
        onConfirmDiscardChange={setConfirmDiscard}
        onDiscard={onClose}
      />
    </>
  );
}
