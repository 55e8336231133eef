import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { UserIcon } from '../../components/ui/Icons';
import { useUnread } from '../../lib/unread';
import { useSession } from '../../lib/session';
import { DeferredMenu } from './DeferredMenu';

/** The avatar dropdown of the top bar (spec core §2); its menu is menus.tsx. */
export function AccountMenu() {
  const { viewer, googleEnabled } = useSession();
  const unread = useUnread();
  // The header's unread badge: notifications plus chats (spec core §9).
  const face = viewer ? (
    <Badge count={unread.total}>
      <Avatar person={viewer} />
    </Badge>
  ) : (
    <span className="avatar avatar--empty">
      <UserIcon width={20} height={20} />
    </span>
  );
  return (
    <DeferredMenu
      className="avatar-button"
      label="Account menu"
      face={face}
      menu={(menus, openAtOnce) => (
        <menus.AccountDropdown
          face={face}
          defaultOpen={openAtOnce}
          viewer={viewer}
          googleEnabled={googleEnabled}
        />
      )}
    />
  );
}
