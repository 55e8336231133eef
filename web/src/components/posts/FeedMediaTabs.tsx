import { NavLink } from 'react-router';
import { MEDIA_MESSAGES } from '@common/messages';
import styles from './FeedMediaTabs.module.css';

/**
 * Feed | Media above the gallery (companion spec §2 "Media gallery"). Real
 * links: the current one carries aria-current="page".
 */
export function FeedMediaTabs() {
  const className = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.tab} ${styles.active}` : styles.tab;
  return (
    <nav className={styles.tabs} aria-label={MEDIA_MESSAGES.tabsLabel}>
      <NavLink to="/home" end className={className}>
        {MEDIA_MESSAGES.feedTab}
      </NavLink>
      <NavLink to="/media" end className={className}>
        {MEDIA_MESSAGES.mediaTab}
      </NavLink>
    </nav>
  );
}
