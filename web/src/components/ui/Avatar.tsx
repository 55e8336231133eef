import { initials } from '@common/text';
import styles from './Avatar.module.css';

/** Whose face: the signed-in viewer (a last name) or a post's author (a last initial). */
export interface AvatarPerson {
  firstName: string;
  lastName?: string;
  lastInitial?: string;
  avatarUrl: string | null;
}

/**
 * A student's photo, or their initials on the campus colour: the same face in
 * the top bar, the composer, posts and comments. Decorative: the name is
 * always written beside it or in the label of the control around it. The
 * initials are drawn by CSS, not written as text, so a control's visible text
 * is its label alone (WCAG 2.5.3, label in name).
 */
export function Avatar({ person, size = 40 }: { person: AvatarPerson; size?: number }) {
  const letters = initials(person.firstName, person.lastName ?? person.lastInitial ?? '');
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
      data-initials={person.avatarUrl ? undefined : letters || '?'}
    >
      {person.avatarUrl ? (
        <img src={person.avatarUrl} alt="" width={size} height={size} className={styles.photo} />
      ) : null}
    </span>
  );
}
