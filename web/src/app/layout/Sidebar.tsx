import { lazy, Suspense, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@common/messages';
import type { Viewer } from '@common/schemas/auth';
import {
  BellIcon,
  BookmarkIcon,
  ChatIcon,
  ChevronDownIcon,
  HomeIcon,
  MailIcon,
  PlusIcon,
  SearchIcon,
  SettingsIcon,
  StoreIcon,
  UserIcon,
} from '../../components/ui/Icons';
import { Badge } from '../../components/ui/Badge';
import type { GateAction } from '../../components/gates/gate-context';
import { Avatar } from '../../components/ui/Avatar';
import { useGate } from '../../components/gates/use-gate';
import { createPostPath } from '../../components/posts/create-pages';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { useViewer } from '../../lib/session';
import { useUnread } from '../../lib/unread';
import { useIsMobile } from '../../lib/use-media-query';
import styles from './Sidebar.module.css';
import { DeferredMenu } from './DeferredMenu';
import { shortName } from './short-name';

const Composer = lazy(() =>
  import('../../features/feed/components/Composer').then((m) => ({ default: m.Composer })),
);

interface Item {
  to: string;
  label: string;
  Icon: typeof HomeIcon;
  /** Asked before following the link: the guest or school prompt instead. */
  gated?: GateAction;
  /** Unread count shown over the icon. */
  count?: number;
}

/**
 * The left navigation; it shrinks to icons at 1170 px.
 * Signed in, Settings gives way to Profile and the login prompt to a profile menu.
 */
export function Sidebar() {
  const campus = useCampus();
  const viewer = useViewer();
  const generic = isGenericCampus(campus);
  const gate = useGate();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useIsMobile();
  const unread = useUnread();
  const [composing, setComposing] = useState(false);
  // Posting gate, then the composer dialog, or on phones the /create/post page.
  const handleCreatePost = () => {
    if (!gate('post')) return;
    if (mobile) navigate(createPostPath(location.pathname + location.search));
    else setComposing(true);
  };
  const items: Item[] = generic
    ? [
        { to: '/home', label: 'Home', Icon: HomeIcon },
        { to: '/search_schools', label: 'Search', Icon: SearchIcon },
        { to: '/settings', label: MESSAGES.signIn.settings, Icon: SettingsIcon },
      ]
    : [
        { to: '/home', label: 'Buy / Sell', Icon: StoreIcon },
        { to: '/search', label: 'Search', Icon: SearchIcon },
        {
          to: '/notifications',
          label: 'Notifications',
          Icon: BellIcon,
          gated: 'notifications',
          count: unread.notifications,
        },
        {
          to: '/messages',
          label: 'Messages',
          Icon: ChatIcon,
          gated: 'message',
          count: unread.chats,
        },
        { to: '/saved', label: 'Saved', Icon: BookmarkIcon, gated: 'saved' },
        viewer
          ? { to: `/${viewer.username}`, label: MESSAGES.signIn.profile, Icon: UserIcon }
          : { to: '/settings', label: MESSAGES.signIn.settings, Icon: SettingsIcon },
      ];
  return (
    <nav className="sidebar" aria-label="Main">
      <ul className="sidebar__list">
        {items.map(({ to, label, Icon, gated, count = 0 }) => (
          <li key={to}>
            <NavLink
              to={to}
              className="sidebar__link"
              title={label}
              onClick={(event) => {
                if (gated && !gate(gated)) event.preventDefault();
              }}
            >
              <Badge count={count}>
                <Icon width={24} height={24} />
              </Badge>
              <span className="sidebar__label">{label}</span>
              {/* Read after the name: "Messages, 2 unread". */}
              {count > 0 ? <span className="visually-hidden">, {count} unread</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
      {generic ? null : (
        <>
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block sidebar__create"
            title={MESSAGES.signIn.createPost}
            onClick={handleCreatePost}
          >
            <PlusIcon width={20} height={20} />
            <span className="sidebar__label">{MESSAGES.signIn.createPost}</span>
          </button>
          {composing ? (
            <Suspense fallback={null}>
              <Composer open onClose={() => setComposing(false)} />
            </Suspense>
          ) : null}
          {viewer ? (
            <ProfileMenu viewer={viewer} />
          ) : (
            <div className="sidebar__prompt card">
              <p className="sidebar__prompt-title">{MESSAGES.logInSignUp}</p>
              <p className="sidebar__prompt-text">{MESSAGES.takesSeconds}</p>
              <NavLink to="/login" className="btn btn--secondary btn--md btn--block">
                <MailIcon width={18} height={18} />
                {MESSAGES.logInWithEmail}
              </NavLink>
            </div>
          )}
        </>
      )}
    </nav>
  );
}

/** The sidebar's profile menu; its menu is menus.tsx. */
function ProfileMenu({ viewer }: { viewer: Viewer }) {
  const face = (
    <>
      <Avatar person={viewer} size={40} />
      <span className={`sidebar__label ${styles.who}`}>
        <span className={styles.name}>{shortName(viewer)}</span>
        <span className={styles.handle}>@{viewer.username}</span>
      </span>
      <ChevronDownIcon className={`sidebar__label ${styles.chevron}`} width={18} height={18} />
    </>
  );
  return (
    <DeferredMenu
      className={styles.trigger!}
      // The visible name is part of the accessible one (WCAG 2.5.3, label in name).
      label={`${shortName(viewer)} @${viewer.username}, profile menu`}
      face={face}
      menu={(menus, openAtOnce) => (
        <menus.ProfileDropdown
          face={face}
          label={`${shortName(viewer)} @${viewer.username}, profile menu`}
          defaultOpen={openAtOnce}
          viewer={viewer}
          className={styles.trigger!}
        />
      )}
    />
  );
}
