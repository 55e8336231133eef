import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES as L } from '@common/messages';
import { ACCOUNT_MESSAGES as M } from '@common/schemas/account';
import { SCHOOL_EMAIL_PATH } from '../../../components/gates/paths';
import { PageHeader } from '../../../components/layout/PageHeader';
import { ChevronRightIcon } from '../../../components/ui/Icons';
import { useIsMobile, useSettingsNarrow } from '../../../lib/use-media-query';
import { useUnread } from '../../../lib/unread';
import type { FromState } from '../../../lib/use-back-to';
import { useViewer } from '../../../lib/session';
import {
  ACCOUNT_PATH,
  capitalise,
  displayBirthDate,
  displayPhone,
} from '../components/account-display';
import { DeleteAccount } from '../components/DeleteAccount';
import list from '../../../components/layout/SettingsList.module.css';
import styles from './AccountSettingsPage.module.css';

interface Row {
  label: string;
  value?: ReactNode;
  /** The page that edits the row. */
  to?: string;
}

const fromHere: FromState = { from: ACCOUNT_PATH };

/**
 * /settings/account: the rows of the
 * account, each leading to its sub-page, then the read-only Verified and
 * Account created. On phones the header carries the unread badge, as the
 * shell's header does not show there.
 */
export function AccountSettingsPage() {
  const viewer = useViewer();
  const narrow = useSettingsNarrow();
  const mobile = useIsMobile();
  const unread = useUnread();
  if (!viewer) return null;
  const muted = (text: string) => <span className={styles.muted}>{text}</span>;
  const rows: Row[] = [
    { label: L.username, value: `@${viewer.username}`, to: `${ACCOUNT_PATH}/screen_name` },
    { label: L.changePassword, to: `${ACCOUNT_PATH}/password` },
    { label: L.email, value: viewer.email, to: `${ACCOUNT_PATH}/email` },
    {
      label: L.phone,
      value: viewer.phone ? displayPhone(viewer.phone) : muted(M.clickToAdd),
      to: `${ACCOUNT_PATH}/phone`,
    },
    {
      label: L.schoolEmail,
      value: viewer.schoolEmail ?? <span className={styles.tag}>{M.joinYourCampus}</span>,
      to: SCHOOL_EMAIL_PATH,
    },
    {
      label: L.gender,
      value: viewer.gender ? capitalise(viewer.gender) : muted(M.none),
      to: `${ACCOUNT_PATH}/gender`,
    },
    {
      label: L.birthDate,
      value: viewer.birthDate ? displayBirthDate(viewer.birthDate) : muted(M.none),
      to: `${ACCOUNT_PATH}/birth_date`,
    },
  ];
  const readOnly: Row[] = [
    { label: L.verified, value: viewer.schoolVerified ? L.yes : L.no },
    // 'MMMM Do YYYY, h:mm:ss a' in moment's notation.
    { label: L.accountCreated, value: format(viewer.createdAt, 'MMMM do yyyy, h:mm:ss a') },
  ];
  const content = (row: Row) => (
    <>
      <span className={styles.label}>{row.label}</span>
      <span className={styles.value}>{row.value}</span>
    </>
  );
  return (
    <div className={list.page}>
      {/* On desktop the settings menu stands beside the page: no way back is needed. */}
      <PageHeader
        title={L.title}
        backTo="/settings"
        back={narrow}
        actions={mobile ? <UnreadBadge count={unread.total} /> : null}
      />
      <section className={`card ${list.card}`} aria-label={L.title}>
        <ul className={list.list}>
          {rows.map((row) => (
            <li key={row.label}>
              {row.to ? (
                <Link to={row.to} state={fromHere} className={`${styles.row} ${styles.link}`}>
                  {content(row)}
                  <ChevronRightIcon width={18} height={18} className={styles.chevron} />
                </Link>
              ) : (
                <div className={styles.row}>
                  {content(row)}
                  <span className={styles.chevronSpace} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className={`card ${list.card}`} aria-label="Alerts">
        <Link to="/settings/saved-searches" className={`${styles.row} ${styles.link}`}>
          <span className={styles.label}>Saved searches</span>
          <span className={styles.value}>Alerts for new listings</span>
          <ChevronRightIcon width={18} height={18} className={styles.chevron} />
        </Link>
      </section>
      <section className={`card ${list.card}`} aria-label={L.accountStatus}>
        <ul className={list.list}>
          {readOnly.map((row) => (
            <li key={row.label} className={styles.row}>
              {content(row)}
            </li>
          ))}
        </ul>
      </section>
      <DeleteAccount className={styles.delete} />
    </div>
  );
}

/** Unread notifications plus unread chats, on screens up to 769 px. */
function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className={styles.unread} role="img" aria-label={L.unreadBadge(count)}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
