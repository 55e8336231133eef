import { Link } from 'react-router';
import styles from './TabLinks.module.css';

export interface TabLink {
  to: string;
  label: string;
  current: boolean;
}

/**
 * A row of equal tabs that are real links (Feed | Media, a profile's Posts |
 * Photos | Likes | Replies): the current one is underlined and carries
 * aria-current="page". `replace` keeps switching tabs out of the history.
 */
export function TabLinks({
  label,
  tabs,
  replace = false,
}: {
  label: string;
  tabs: TabLink[];
  replace?: boolean;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          replace={replace}
          preventScrollReset={replace}
          className={tab.current ? `${styles.tab} ${styles.active}` : styles.tab}
          aria-current={tab.current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
