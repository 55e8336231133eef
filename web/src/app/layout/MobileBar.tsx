import type { MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { MESSAGES } from '@common/messages';
import {
  BellIcon,
  ChatIcon,
  HomeIcon,
  PlusIcon,
  SearchIcon,
  UserIcon,
} from '../../components/ui/Icons';
import { useGate } from '../../components/gates/use-gate';
import { Avatar } from '../../components/ui/Avatar';
import { createPostPath } from '../../components/posts/create-pages';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { useViewer } from '../../lib/session';

/**
 * The bottom bar on phones (≤ 769 px), spec core §2 "Mobile bottom bar". On
 * the generic site the settings item shows the signed-in user's avatar.
 */
export function MobileBar() {
  const campus = useCampus();
  const viewer = useViewer();
  const gate = useGate();
  const location = useLocation();
  // Create post opens the /create/post page, coming back here (spec core §4 Nav state);
  // the posting gate asks guests and students without a school e-mail first.
  const here = location.pathname + location.search;
  const createPost = location.pathname === '/create/post' ? here : createPostPath(here);
  const handleCreatePost = (event: MouseEvent) => {
    if (!gate('post')) event.preventDefault();
  };
  // Messaging needs a school-verified account (spec core §6): guests and the
  // not yet school-verified get the prompt with its reason instead of the inbox.
  const handleMessages = (event: MouseEvent) => {
    if (!gate('message')) event.preventDefault();
  };
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
          icon: viewer ? <Avatar person={viewer} size={30} /> : <UserIcon width={26} height={26} />,
        },
      ]
    : [
        { to: '/home', label: 'Home', icon: <HomeIcon width={26} height={26} /> },
        { to: '/search', label: 'Search', icon: <SearchIcon width={26} height={26} /> },
        {
          to: createPost,
          label: 'Create post',
          icon: <PlusIcon width={26} height={26} />,
          onClick: handleCreatePost,
        },
        {
          to: '/messages',
          label: 'Messages',
          icon: <ChatIcon width={26} height={26} />,
          onClick: handleMessages,
        },
        { to: '/notifications', label: 'Notifications', icon: <BellIcon width={26} height={26} /> },
      ];
  return (
    <nav className="mobilebar" aria-label="Main">
      {items.map(({ to, label, icon, onClick }) => (
        <NavLink
          key={label}
          to={to}
          className="mobilebar__link"
          aria-label={label}
          title={label}
          onClick={onClick}
        >
          {icon}
        </NavLink>
      ))}
    </nav>
  );
}
