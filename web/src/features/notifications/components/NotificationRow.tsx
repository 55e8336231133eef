import { Link } from 'react-router';
import { LISTING_MESSAGES as L } from '@common/listings';
import { fullTime, timeAgo } from '@common/time';
import type { NotificationDto } from '@common/schemas/notifications';
import { Avatar } from '../../../components/ui/Avatar';
import { BellIcon } from '../../../components/ui/Icons';
import { DidItSellActions } from './DidItSell';
import styles from './Notifications.module.css';

/** Where a notification leads: its chat, else its post. */
export function notificationLink(n: NotificationDto): string | null {
  if (n.chatId) return `/messages/${encodeURIComponent(n.chatId)}`;
  if (n.postId) return `/post/${encodeURIComponent(n.postId)}`;
  return null;
}

/** One row of /notifications: who, what, when; "Did it sell?" with its answers (ADR 029). */
export function NotificationRow({ notification }: { notification: NotificationDto }) {
  const created = new Date(notification.createdAt);
  const to = notificationLink(notification);
  const question = notification.type === 'did it sell' && notification.postId !== null;
  // Answered (sold, or moved to the top since): the answer instead of the buttons (ADR 032).
  const asking = question && !notification.answer;
  const body = (
    <>
      {notification.from ? (
        <Avatar person={notification.from} size={44} />
      ) : (
        <span className={`avatar ${styles.icon}`}>
          <BellIcon width={20} height={20} aria-hidden="true" />
        </span>
      )}
      <span className={styles.text}>
        {asking && to ? (
          // The row holds buttons, so only its words lead to the listing.
          <Link className={styles.message} to={to}>
            {notification.message}
          </Link>
        ) : (
          <span className={styles.message}>{notification.message}</span>
        )}
        <time className={styles.time} dateTime={created.toISOString()} title={fullTime(created)}>
          {timeAgo(created)}
        </time>
        {asking ? <DidItSellActions postId={notification.postId!} /> : null}
        {question && notification.answer ? (
          <span className={styles.answered}>
            {notification.answer === 'sold' ? L.markedSold : L.bumped}
          </span>
        ) : null}
      </span>
      <span className="unread-dot" data-on={notification.read ? undefined : 'true'}>
        {notification.read ? null : <span className="visually-hidden">New</span>}
      </span>
    </>
  );
  return to && !asking ? (
    <Link className={styles.row} to={to}>
      {body}
    </Link>
  ) : (
    <div className={styles.row}>{body}</div>
  );
}
