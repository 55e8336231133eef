import { format } from 'date-fns';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES as M } from '@common/messages';
import { SCHOOL_EMAIL_PATH } from '../../../components/gates/paths';
import { PageHeader } from '../../../components/layout/PageHeader';
import { ChevronRightIcon } from '../../../components/ui/Icons';
import { useViewer } from '../../../lib/session';
import styles from './AccountSettingsPage.module.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Row {
  label: string;
  value: React.ReactNode;
  /** The page that edits the row, when it exists. */
  to?: string;
}

/**
 * /settings/account (companion spec §2): the signed-in user's account at a
 * glance. Rows link to their edit pages where those exist.
 */
export function AccountSettingsPage() {
  const viewer = useViewer();
  if (!viewer) return null;
  const capitalised = viewer.gender
    ? viewer.gender[0]!.toUpperCase() + viewer.gender.slice(1)
    : M.none;
  const birthDate = viewer.birthDate
    ? `${MONTHS[viewer.birthDate.month - 1]} ${viewer.birthDate.day}, ${viewer.birthDate.year}`
    : M.none;
  const rows: Row[] = [
    { label: M.username, value: `@${viewer.username}` },
    { label: M.email, value: viewer.email },
    { label: M.phone, value: viewer.phone ?? <span className={styles.muted}>{M.clickToAdd}</span> },
    {
      label: M.schoolEmail,
      value: viewer.schoolEmail ?? <span className={styles.tag}>{M.joinYourCampus}</span>,
      to: SCHOOL_EMAIL_PATH,
    },
    { label: M.gender, value: capitalised },
    { label: M.birthDate, value: birthDate },
  ];
  const readOnly: Row[] = [
    { label: M.verified, value: viewer.schoolVerified ? 'Yes' : 'No' },
    // 'MMMM Do YYYY, h:mm:ss a' in the spec's notation.
    { label: M.accountCreated, value: format(viewer.createdAt, 'MMMM do yyyy, h:mm:ss a') },
  ];
  return (
    <div className={styles.page}>
      <PageHeader title={M.title} fallback="/settings" />
      <section className={`card ${styles.card}`} aria-label={M.title}>
        <ul className={styles.list}>
          {rows.map((row) => (
            <li key={row.label}>
              {row.to ? (
                <Link to={row.to} className={`${styles.row} ${styles.link}`}>
                  <span className={styles.label}>{row.label}</span>
                  <span className={styles.value}>{row.value}</span>
                  <ChevronRightIcon width={18} height={18} className={styles.chevron} />
                </Link>
              ) : (
                <div className={styles.row}>
                  <span className={styles.label}>{row.label}</span>
                  <span className={styles.value}>{row.value}</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className={`card ${styles.card}`} aria-label="Alerts">
        <Link to="/settings/saved-searches" className={`${styles.row} ${styles.link}`}>
          <span className={styles.label}>Saved searches</span>
          <span className={styles.value}>Alerts for new listings</span>
          <ChevronRightIcon width={18} height={18} className={styles.chevron} />
        </Link>
      </section>
      <section className={`card ${styles.card}`} aria-label="Account status">
        <ul className={styles.list}>
          {readOnly.map((row) => (
            <li key={row.label} className={styles.row}>
              <span className={styles.label}>{row.label}</span>
              <span className={styles.value}>{row.value}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
