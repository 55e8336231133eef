import { MESSAGES } from '@common/messages';
import { BLOCK_MESSAGES as M, type BlockList } from '@common/schemas/blocks';
import { Link } from 'react-router';
import { useBlockedStudents, useSetBlocked } from '../../../components/blocks/use-blocks';
import { PageHeader } from '../../../components/layout/PageHeader';
import { authorName } from '../../../components/posts/PostParts';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { useAlert } from '../../../components/ui/Alerts';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { useSettingsNarrow } from '../../../lib/use-media-query';
import list from '../../../components/layout/SettingsList.module.css';
import styles from './BlockedStudentsPage.module.css';

type Blocked = BlockList['items'][number];

function BlockedRow({ student }: { student: Blocked }) {
  const alert = useAlert();
  const unblock = useSetBlocked();
  const handleUnblock = () =>
    unblock.mutate(
      { username: student.username, blocked: false },
      {
        onSuccess: ({ message }) => alert({ msg: message, alertType: 'success' }),
        onError: (error) =>
          alert({
            msg: error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong,
            alertType: 'danger',
          }),
      },
    );
  return (
    <li className={styles.row}>
      <Link to={`/${student.username}`} className={styles.who}>
        <Avatar person={student} size={40} />
        <span className={styles.names}>
          <span className={styles.name}>
            {authorName(student)}
            <Verified verified={student.verified} />
          </span>
          <span className={styles.username}>@{student.username}</span>
        </span>
      </Link>
      <Button
        variant="secondary"
        size="sm"
        disabled={unblock.isPending}
        onClick={handleUnblock}
        aria-label={`${M.unblock} @${student.username}`}
      >
        {M.unblock}
      </Button>
    </li>
  );
}

/** Placeholder rows while the list loads, as tall as real ones. */
function Skeleton() {
  return (
    <ul className={list.list} aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className={styles.row}>
          <span className={styles.skeletonAvatar} />
          <span className={styles.skeletonLine} />
        </li>
      ))}
    </ul>
  );
}

/** /settings/blocked: the students the viewer blocked, each with Unblock (ADR 024). */
export function BlockedStudentsPage() {
  const { data, isPending, isError } = useBlockedStudents();
  const narrow = useSettingsNarrow();
  return (
    <div className={list.page}>
      <PageHeader
        title={M.settingsTitle}
        fallback="/settings"
        {...(narrow ? { backTo: '/settings' } : {})}
      />
      <p className={list.intro}>{M.settingsHint}</p>
      <section className={`card ${list.card}`} aria-label={M.settingsTitle} aria-busy={isPending}>
        {isPending ? (
          <Skeleton />
        ) : isError ? (
          <p className={styles.empty}>{MESSAGES.somethingWentWrong}</p>
        ) : data.items.length === 0 ? (
          <p className={styles.empty}>{M.empty}</p>
        ) : (
          <ul className={list.list}>
            {data.items.map((student) => (
              <BlockedRow key={student.id} student={student} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
