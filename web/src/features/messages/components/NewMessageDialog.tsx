import { Modal } from '../../../components/ui/Dialog';
import { UserPicker } from './UserPicker';

/** "New message": pick a student to write to. */
export function NewMessageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New message" size="md">
      <UserPicker autoFocus />
    </Modal>
  );
}
