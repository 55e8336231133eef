import { NavLink } from 'react-router';
import { MESSAGES } from '@common/messages';
import {
  BellIcon,
  BookmarkIcon,
  ChatIcon,
  HomeIcon,
  MailIcon,
  PlusIcon,
  SearchIcon,
  SettingsIcon,
  StoreIcon,
} from '../../components/ui/Icons';
import { isGenericCampus, useCampus } from '../../lib/campus';

interface Item {
  to: string;
  label: string;
  Icon: typeof HomeIcon;
}

/** The left navigation (spec core §2 "Sidebar"); it shrinks to icons at 1170 px. */
export function Sidebar() {
  const campus = useCampus();
  const items: Item[] = isGenericCampus(campus)
    ? [
        { to: '/home', label: 'Home', Icon: HomeIcon },
        { to: '/search_schools', label: 'Search', Icon: SearchIcon },
        { to: '/settings', label: 'Settings', Icon: SettingsIcon },
      ]
    : [
        { to: '/home', label: 'Buy / Sell', Icon: StoreIcon },
        { to: '/search', label: 'Search', Icon: SearchIcon },
        { to: '/notifications', label: 'Notifications', Icon: BellIcon },
        { to: '/messages', label: 'Messages', Icon: ChatIcon },
        { to: '/saved', label: 'Saved', Icon: BookmarkIcon },
        { to: '/settings', label: 'Settings', Icon: SettingsIcon },
      ];
  return (
    <nav className="sidebar" aria-label="Main">
      <ul className="sidebar__list">
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className="sidebar__link" title={label}>
              <Icon width={24} height={24} />
              <span className="sidebar__label">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {isGenericCampus(campus) ? null : (
        <>
          <NavLink
            to="/login"
            className="btn btn--primary btn--lg btn--block sidebar__create"
            title="Create Post"
          >
            <PlusIcon width={20} height={20} />
            <span className="sidebar__label">Create Post</span>
          </NavLink>
          <div className="sidebar__prompt card">
            <p className="sidebar__prompt-title">{MESSAGES.logInSignUp}</p>
            <p className="sidebar__prompt-text">{MESSAGES.takesSeconds}</p>
            <NavLink to="/login" className="btn btn--secondary btn--md btn--block">
              <MailIcon width={18} height={18} />
              {MESSAGES.logInWithEmail}
            </NavLink>
          </div>
        </>
      )}
    </nav>
  );
}
