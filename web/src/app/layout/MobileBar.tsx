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
import { Badge } from '../../components/ui/Badge';
import { createPostPath } from '../../components/posts/create-pages';
import { isGenericCampus, useCampus } from '../../lib/campus';
import { useViewer } from '../../lib/session';
import { useUnread } from '../../lib/unread';

/**
 * The bottom bar on phones (≤ 769 px). On
 * the generic site the settings item shows the signed-in user's avatar.
 */
export function MobileBar() {
  const campus = useCampus();
  const viewer = useViewer();
  const gate = useGate();
  const location = useLocation();
  const unread = useUnread();
  // Create post opens the /create/post page, coming back here;
  // the posting gate asks guests and students without a school e-mail first.
  const here = location.pathname + location.search;
  const createPost = location.pathname === '/create/post' ? here : createPostPath(here);
  const handleCreatePost = (event: MouseEvent) => {
    if (!gate('post')) event.preventDefault();
  };
  // Messaging needs a school-verified account: guests and the
  // not yet school-verified get the prompt with its reason instead of the inbox.
  const handleMessages = (event: MouseEvent) => {
    if (!gate('message')) event.preventDefault();
  };
  // A guest has no notifications: the prompt says so, as for the inbox.
  const handleNotifications = (event: MouseEvent) => {
    if (!gate('notifications')) event.preventDefault();
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
          count: unread.total,
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
          count: unread.chats,
        },
        {
          to: '/notifications',
          label: 'Notifications',
          icon: <BellIcon width={26} height={26} />,
          onClick: handleNotifications,
          count: unread.notifications,
        },
      ];
  return (
    <nav className="mobilebar" aria-label="Main">
      {items.map((item) => {
        const { to, label, icon } = item;
        const count = 'count' in item ? (item.count ?? 0) : 0;
        return (
          <NavLink
            key={label}
            to={to}
            className="mobilebar__link"
            aria-label={count > 0 ? `${label}, ${count} unread` : label}
            title={label}
            onClick={'onClick' in item ? item.onClick : undefined}
          >
            <Badge count={count}>{icon}</Badge>
          </NavLink>
        );
      })}
    </nav>
  );
}
