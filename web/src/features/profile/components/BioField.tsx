import { useId } from 'react';
import { BIO_MAX_CHARS } from '@common/limits';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import form from '../../../components/ui/Form.module.css';
import styles from './ProfileForm.module.css';

/** The bio box with its live "n / 160" counter; stops at 160. */
export function BioField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const count = [...value].length;
  return (
    <div className={form.field}>
      <div className={styles.labelRow}>
        <label className={form.label} htmlFor={id}>
          {M.bio}
        </label>
        <span
          id={`${id}-count`}
          className={`${styles.counter} ${count >= BIO_MAX_CHARS ? styles.counterFull : ''}`}
          aria-live="polite"
        >
          {M.counter(count)}
        </span>
      </div>
      <textarea
        id={id}
        className={form.textarea}
        value={value}
        maxLength={BIO_MAX_CHARS}
        placeholder={M.bioPlaceholder}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        autoFocus={autoFocus}
        onChange={(e) => onChange([...e.target.value].slice(0, BIO_MAX_CHARS).join(''))}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
