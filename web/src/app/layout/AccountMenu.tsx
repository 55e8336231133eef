import { Avatar } from '../../components/ui/Avatar';
import { UserIcon } from '../../components/ui/Icons';
import { useSession } from '../../lib/session';
import { DeferredMenu } from './DeferredMenu';

/** The avatar dropdown of the top bar (spec core §2); its menu is menus.tsx. */
export function AccountMenu() {
  const { viewer, googleEnabled } = useSession();
  const face = viewer ? (
    <Avatar person={viewer} />
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
