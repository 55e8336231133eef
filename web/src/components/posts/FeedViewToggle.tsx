import type { ReactNode } from 'react';
import { FEED_VIEW_MESSAGES as M, FEED_VIEWS, type FeedView } from '@common/feed-view';
import styles from './FeedViewToggle.module.css';

const icons: Record<FeedView, ReactNode> = {
  list: (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="4" y="4" width="16" height="7" rx="1.5" />
      <rect x="4" y="13" width="16" height="7" rx="1.5" />
    </svg>
  ),
  grid: (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="4" y="4" width="7" height="7" rx="1.5" />
      <rect x="13" y="4" width="7" height="7" rx="1.5" />
      <rect x="4" y="13" width="7" height="7" rx="1.5" />
      <rect x="13" y="13" width="7" height="7" rx="1.5" />
    </svg>
  ),
};

/** List | Grid beside the feed's filters (ADR 047): two pressed buttons, each with its word. */
export function FeedViewToggle({
  value,
  onChange,
}: {
  value: FeedView;
  onChange(view: FeedView): void;
}) {
  return (
    <div className={styles.group} role="group" aria-label={M.label}>
      {FEED_VIEWS.map((view) => (
        <button
          key={view}
          type="button"
          className={styles.option}
          aria-pressed={value === view}
          onClick={() => onChange(view)}
        >
          <span aria-hidden="true">{icons[view]}</span>
          {M[view]}
        </button>
      ))}
    </div>
  );
}
