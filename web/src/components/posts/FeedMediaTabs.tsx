import { useLocation } from 'react-router';
import { MEDIA_MESSAGES } from '@common/messages';
import { TabLinks } from '../ui/TabLinks';

/**
 * Feed | Media above the gallery. Real
 * links: the current one carries aria-current="page".
 */
export function FeedMediaTabs() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  return (
    <TabLinks
      label={MEDIA_MESSAGES.tabsLabel}
      tabs={[
        { to: '/home', label: MEDIA_MESSAGES.feedTab, current: path === '/home' },
        { to: '/media', label: MEDIA_MESSAGES.mediaTab, current: path === '/media' },
      ]}
    />
  );
}
