import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useState } from 'react';
import { MESSAGES } from '@common/messages';
import { BLOCK_MESSAGES as M } from '@common/schemas/blocks';
import { ApiError } from '../../lib/api';
import { useAlert } from '../ui/Alerts';
import { ConfirmDialog } from '../ui/Dialog';
import { BlockIcon } from '../ui/Icons';
import { useIsBlocked, useSetBlocked } from './use-blocks';

/**
 * Block or unblock a student (ADR 024): Block asks first ("Block
 * @username?"), Unblock acts at once; an alert tells what happened.
 */
export function useBlockToggle(
  username: string,
  enabled = true,
): {
  blocked: boolean | undefined;
  select(): void;
  dialog: ReactNode;
} {
  const alert = useAlert();
  const blocked = useIsBlocked(username, enabled);
  const setBlocked = useSetBlocked();
  const [confirming, setConfirming] = useState(false);
  const change = (next: boolean) =>
    setBlocked.mutate(
      { username, blocked: next },
      {
        onSuccess: ({ message }) => alert({ msg: message, alertType: 'success' }),
        onError: (error) =>
          alert({
            msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
            alertType: 'danger',
          }),
      },
    );
  return {
    blocked,
    select: () => (blocked ? change(false) : setConfirming(true)),
    dialog: (
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={M.confirmTitle(username)}
        description={M.confirmText}
        confirmLabel={M.block}
        danger
        onConfirm={() => change(true)}
      />
    ),
  };
}

/** "Block" or "Unblock" in a more-menu; hidden until the viewer's blocks are known. */
export function BlockMenuItem({
  blocked,
  onSelect,
  className = 'menu__item',
}: {
  blocked: boolean | undefined;
  onSelect(): void;
  className?: string;
}) {
  if (blocked === undefined) return null;
  return (
    <Dropdown.Item className={className} onSelect={onSelect}>
      <BlockIcon width={18} height={18} aria-hidden="true" />
      {blocked ? M.unblock : M.block}
    </Dropdown.Item>
  );
}
