import type { Viewer } from '@common/schemas/auth';
import styles from './AccountMenu.module.css';

/**
 * The signed-in user's photo, or their initials on the campus colour.
 * Decorative: the control around it is labelled. The initials are drawn by
 * CSS, not written as text, so the control's visible text is its label alone
 * (WCAG 2.5.3, label in name).
 */
export function ViewerAvatar({ viewer, size = 40 }: { viewer: Viewer; size?: number }) {
  const initials = `${viewer.firstName.charAt(0)}${viewer.lastName.charAt(0)}`.toUpperCase();
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
      data-initials={viewer.avatarUrl ? undefined : initials || '?'}
    >
      {viewer.avatarUrl ? (
        <img src={viewer.avatarUrl} alt="" width={size} height={size} className={styles.photo} />
      ) : null}
    </span>
  );
}

/** "Jane D.": how names show outside the user's own settings (DESIGN §11). */
export function shortName(viewer: Viewer): string {
  const last = viewer.lastName.charAt(0);
  return last ? `${viewer.firstName} ${last.toUpperCase()}.` : viewer.firstName;
}
