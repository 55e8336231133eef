import { SEARCH_MESSAGES } from '@common/words/search';
import { ConfirmDialog } from '../../../components/ui/Dialog';

/** "Clear all recent searches?": loaded when asked, as Radix is not in the first paint. */
export default function ClearRecentDialog({
  onClose,
  onConfirm,
}: {
  onClose(): void;
  onConfirm(): void;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={SEARCH_MESSAGES.clearTitle}
      description={SEARCH_MESSAGES.clearText}
      confirmLabel={SEARCH_MESSAGES.clear}
      cancelLabel={SEARCH_MESSAGES.cancel}
      danger
      onConfirm={onConfirm}
    />
  );
}
