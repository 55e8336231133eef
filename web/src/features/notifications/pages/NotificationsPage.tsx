import { useRef } from 'react';
import { NavLink } from 'react-router';
import { MESSAGES } from '@common/messages';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Skeleton, Spinner } from '../../../components/ui/Spinner';
import { useLoadMore } from '../../../lib/use-load-more';
import { useLiveNotifications, useNotifications } from '../api/get-notifications';
import { NotificationRow } from '../components/NotificationRow';
import styles from '../components/Notifications.module.css';

/**
 * /notifications and /notifications/mentions: 15 a page with
 * infinite scroll; the mentions tab is the same list, mentions only.
 */
export function NotificationsPage({ mentions = false }: { mentions?: boolean }) {
  const list = useNotifications();
  useLiveNotifications();
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadMore(sentinel, {
    hasNextPage: list.hasNextPage,
    isFetchingNextPage: list.isFetchingNextPage,
    fetchNextPage: list.fetchNextPage,
    pageCount: list.data?.pages.length ?? 0,
  });
  const all = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = mentions ? all.filter((n) => n.type === 'mention') : all;
  const label = mentions ? 'Mentions' : 'Notifications';

  return (
    <div className={styles.page}>
      <PageHeader title="Notifications" />
      <section className="card" aria-label={label}>
        <nav className={styles.tabs} aria-label="Notification tabs">
          <NavLink to="/notifications" end className={styles.tab}>
            All
          </NavLink>
          <NavLink to="/notifications/mentions" className={styles.tab}>
            Mentions
          </NavLink>
        </nav>
        {list.isPending ? (
          <div className={styles.list} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={styles.row}>
                <Skeleton width={44} height={44} radius={999} />
                <span className={styles.text}>
                  <Skeleton width="70%" height={14} />
                  <Skeleton width="30%" height={12} />
                </span>
              </div>
            ))}
          </div>
        ) : list.error ? (
          <p className="empty-state">{list.error.message}</p>
        ) : items.length === 0 ? (
          <div className="empty-state">
            <p className="empty-state__title">
              {mentions ? 'No mentions yet' : 'No notifications yet'}
            </p>
            <p className="empty-state__text">
              {mentions
                ? 'When someone mentions you, it shows up here.'
                : 'Saves, comments and messages for you show up here.'}
            </p>
          </div>
        ) : (
          <ul className={styles.list} aria-label={label}>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationRow notification={n} />
              </li>
            ))}
          </ul>
        )}
        <div ref={sentinel} className={styles.sentinel} />
        {list.isFetchingNextPage ? <Spinner /> : null}
        {list.data && !list.hasNextPage && items.length > 0 ? (
          <p className={styles.end}>{MESSAGES.feedEnd}</p>
        ) : null}
      </section>
    </div>
  );
}

export function MentionsPage() {
  return <NotificationsPage mentions />;
}
