import { NavLink } from 'react-router';
import { MESSAGES } from '@common/messages';
import {
  BellIcon,
  ChatIcon,
  HomeIcon,
  PlusIcon,
  SearchIcon,
  UserIcon,
} from '../../components/ui/Icons';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { useViewer } from '../../lib/session';
import { ViewerAvatar } from './ViewerAvatar';

/**
 * The bottom bar on phones (≤ 769 px), spec core §2 "Mobile bottom bar". On
 * the generic site the settings item shows the signed-in user's avatar.
 */
export function MobileBar() {
  const campus = useCampus();
  const viewer = useViewer();
  const items = isGenericCampus(campus)
    ? [
        { to: '/home', label: 'Home', icon: <HomeIcon width={26} height={26} /> },
        {
          to: '/search_schools',
          label: 'Search schools',
          icon: <SearchIcon width={26} height={26} />,
        },
        {
          to: '/settings',
          label: MESSAGES.signIn.settings,
          icon: viewer ? (
            <ViewerAvatar viewer={viewer} size={30} />
          ) : (
            <UserIcon width={26} height={26} />
          ),
        },
      ]
    : [
        { to: '/home', label: 'Home', icon: <HomeIcon width={26} height={26} /> },
        { to: '/search', label: 'Search', icon: <SearchIcon width={26} height={26} /> },
        {
          to: '/create/post?goBack=home',
          label: 'Create post',
          icon: <PlusIcon width={26} height={26} />,
        },
        { to: '/messages', label: 'Messages', icon: <ChatIcon width={26} height={26} /> },
        { to: '/notifications', label: 'Notifications', icon: <BellIcon width={26} height={26} /> },
      ];
  return (
    <nav className="mobilebar" aria-label="Main">
      {items.map(({ to, label, icon }) => (
        <NavLink key={to} to={to} className="mobilebar__link" aria-label={label} title={label}>
          {icon}
        </NavLink>
      ))}
    </nav>
  );
}
