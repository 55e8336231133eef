import { NavLink } from 'react-router';
import {
  BellIcon,
  ChatIcon,
  HomeIcon,
  PlusIcon,
  SearchIcon,
  UserIcon,
} from '../../components/ui/Icons';
import { isGenericCampus, useCampus } from '../../lib/campus';

/** The bottom bar on phones (≤ 769 px), spec core §2 "Mobile bottom bar". */
export function MobileBar() {
  const campus = useCampus();
  const items = isGenericCampus(campus)
    ? [
        { to: '/home', label: 'Home', Icon: HomeIcon },
        { to: '/search_schools', label: 'Search schools', Icon: SearchIcon },
        { to: '/settings', label: 'Settings', Icon: UserIcon },
      ]
    : [
        { to: '/home', label: 'Home', Icon: HomeIcon },
        { to: '/search', label: 'Search', Icon: SearchIcon },
        { to: '/create/post?goBack=home', label: 'Create post', Icon: PlusIcon },
        { to: '/messages', label: 'Messages', Icon: ChatIcon },
        { to: '/notifications', label: 'Notifications', Icon: BellIcon },
      ];
  return (
    <nav className="mobilebar" aria-label="Main">
      {items.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} className="mobilebar__link" aria-label={label} title={label}>
          <Icon width={26} height={26} />
        </NavLink>
      ))}
    </nav>
  );
}
