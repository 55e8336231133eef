import { MESSAGES } from '@common/messages';
import styles from './VerifiedBadge.module.css';

/** A twelve-point seal, drawn once: the badge's outline. */
const SEAL =
  'M12 1 14.38 3.11 17.5 2.47 18.51 5.49 21.53 6.5 20.89 9.62 23 12 20.89 14.38 21.53 17.5 18.51 18.51 17.5 21.53 14.38 20.89 12 23 9.62 20.89 6.5 21.53 5.49 18.51 2.47 17.5 3.11 14.38 1 12 3.11 9.62 2.47 6.5 5.49 5.49 6.5 2.47 9.62 3.11Z';

/**
 * The badge beside a school-verified student's name (ADR 049): a check seal
 * whose accessible name is "Verified student" (also its tooltip). It sits
 * after the name, outside its link, so a card or link labelled by the name
 * keeps the name alone. Sized in `em`, it follows the name's text.
 */
export function VerifiedBadge() {
  return (
    <span
      className={styles.badge}
      role="img"
      aria-label={MESSAGES.verifiedStudent}
      title={MESSAGES.verifiedStudent}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path className={styles.seal} d={SEAL} />
        <path className={styles.check} d="m7.8 12.3 2.9 2.9 5.5-5.8" />
      </svg>
    </span>
  );
}

/** The badge when `verified`, else nothing: `{name}<Verified verified={author.verified} />`. */
export function Verified({ verified }: { verified: boolean }) {
  return verified ? <VerifiedBadge /> : null;
}
