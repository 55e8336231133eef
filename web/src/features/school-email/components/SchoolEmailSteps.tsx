import { CheckIcon } from '../../../components/ui/Icons';
import styles from './SchoolEmail.module.css';

const STEPS = [
  { id: 'account', label: 'Account' },
  { id: 'email', label: 'School email' },
  { id: 'pin', label: 'PIN' },
] as const;

export type SchoolEmailStep = (typeof STEPS)[number]['id'];

/** Where the user is in joining their campus: account e-mail, then school e-mail, then PIN. */
export function SchoolEmailSteps({
  current,
  done,
}: {
  current: SchoolEmailStep;
  done: SchoolEmailStep[];
}) {
  return (
    <ol className={styles.steps} aria-label="Progress">
      {STEPS.map((step, index) => {
        const isDone = done.includes(step.id);
        const isCurrent = step.id === current;
        return (
          <li
            key={step.id}
            className={[
              styles.step,
              isDone ? styles.stepDone : '',
              isCurrent ? styles.stepCurrent : '',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className={styles.stepMark} aria-hidden="true">
              {isDone ? <CheckIcon width={14} height={14} /> : index + 1}
            </span>
            <span className={styles.stepLabel}>
              {step.label}
              {isDone ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
