import { useState } from 'react';
import { Link } from 'react-router';
import type { ModerationItem } from '@common/schemas/moderation';
import {
  MODERATION_ACTIONS,
  MODERATION_MESSAGES as M,
  type ModerationAction,
} from '@common/words/moderation';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Button } from '../../../components/ui/Button';
import { useModerationQueue } from '../api/moderation';
import { ACTION_TEXT, ActionDialog } from '../components/ActionDialog';
import { PopularSearches } from '../components/PopularSearches';
import settings from '../../../components/layout/SettingsList.module.css';
import styles from './ModerationPage.module.css';

const KIND: Record<ModerationItem['targetType'], string> = {
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  user: 'Profile',
  review: 'Review',
};

const when = (at: number) =>
  new Date(at).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function ReportCard({ item }: { item: ModerationItem }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const name = `${item.student.firstName} ${item.student.lastName}`;
  const actions = MODERATION_ACTIONS.filter((a) => a !== 'remove' || item.targetType !== 'user');
  return (
    <li className={`card ${styles.item}`} aria-label={`${KIND[item.targetType]} by ${name}`}>
      <div className={styles.head}>
        <span className={styles.kind}>{KIND[item.targetType]}</span>
        <span className={styles.meta}>
          {item.reporters} {item.reporters === 1 ? 'report' : 'reports'} · last{' '}
          {when(item.lastReportedAt)}
        </span>
      </div>
      <p className={styles.author}>
        <Link to={`/${item.student.username}`}>{name}</Link>{' '}
        <span className={styles.username}>@{item.student.username}</span>
      </p>
      {item.before.length > 0 ? (
        <ol className={styles.before} aria-label="The two messages before it">
          {item.before.map((b) => (
            <li key={b.id}>
              <strong>{b.senderName}:</strong> {b.text}
            </li>
          ))}
        </ol>
      ) : null}
      {item.text !== null ? (
        <blockquote className={styles.text}>{item.text || '(photos only)'}</blockquote>
      ) : (
        <p className={styles.bio}>{item.bio || 'No bio.'}</p>
      )}
      {item.postId ? (
        <Link className={styles.open} to={`/post/${item.postId}`}>
          Open the post
        </Link>
      ) : null}
      {item.reasons.length > 0 ? (
        <ul className={styles.reasons} aria-label="Reasons given">
          {item.reasons.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.actions}>
        {actions.map((a) => (
          <Button
            key={a}
            size="sm"
            variant={a === 'dismiss' ? 'secondary' : a === 'warn' ? 'secondary' : 'danger'}
            onClick={() => setAction(a)}
          >
            {ACTION_TEXT[a].button}
          </Button>
        ))}
      </div>
      {action ? <ActionDialog item={item} action={action} onClose={() => setAction(null)} /> : null}
    </li>
  );
}

function Skeleton() {
  return (
    <ul className={styles.list} aria-busy="true" aria-label="Loading reports">
      {[0, 1, 2].map((i) => (
        <li key={i} className={`card ${styles.item}`}>
          <span className="skeleton" style={{ width: 140, height: 14, borderRadius: 6 }} />
          <span className="skeleton" style={{ width: '70%', height: 14, borderRadius: 6 }} />
          <span className="skeleton" style={{ width: '100%', height: 48, borderRadius: 8 }} />
          <span className="skeleton" style={{ width: 260, height: 32, borderRadius: 8 }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /moderation: the campus's open reports with their context and actions
 * (ADR 025), then its popular searches, each of which a moderator can remove
 * (ADR 040).
 */
export function ModerationPage() {
  const queue = useModerationQueue();
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className={settings.page}>
      <PageHeader title={M.moderation} fallback="/settings" />
      <p className={settings.intro}>Open reports on your campus, most recently reported first.</p>
      {queue.isPending ? (
        <Skeleton />
      ) : queue.isError ? (
        <p className={`card ${styles.empty}`}>Something went wrong. Try again.</p>
      ) : items.length === 0 ? (
        <p className={`card ${styles.empty}`}>{M.empty}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {items.map((item) => (
              <ReportCard key={`${item.targetType}:${item.targetId}`} item={item} />
            ))}
          </ul>
          {queue.hasNextPage ? (
            <Button
              variant="secondary"
              disabled={queue.isFetchingNextPage}
              onClick={() => void queue.fetchNextPage()}
            >
              Show more
            </Button>
          ) : null}
        </>
      )}
      <PopularSearches />
    </div>
  );
}
