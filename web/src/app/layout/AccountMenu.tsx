import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { UserIcon } from '../../components/ui/Icons';
import { useUnread } from '../../lib/unread';
import { useSession } from '../../lib/session';
import { DeferredMenu } from './DeferredMenu';

/** The avatar dropdown of the top bar; its menu is menus.tsx. */
export function AccountMenu() {
  const { viewer, googleEnabled } = useSession();
  const unread = useUnread();
  // The header's unread badge: unread notifications plus unread chats.
  const face = viewer ? (
    <Badge count={unread.total}>
      <Avatar person={viewer} />
    </Badge>
  ) : (
    <span className="avatar avatar--empty">
      <UserIcon width={20} height={20} />
    </span>
  );
  // The name holds the badge's visible number, as the bottom bar's do (WCAG 2.5.3).
  const label =
    viewer && unread.total > 0 ? `Account menu, ${unread.total} unread` : 'Account menu';
  return (
    <DeferredMenu
      className="avatar-button"
      label={label}
      face={face}
      menu={(menus, openAtOnce) => (
        <menus.AccountDropdown
          face={face}
          label={label}
          defaultOpen={openAtOnce}
          viewer={viewer}
          googleEnabled={googleEnabled}
        />
      )}
    />
  );
}
