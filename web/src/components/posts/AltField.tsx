import { useId } from 'react';
import { ALT_TEXT_MAX_CHARS, MEDIA_ALT_MESSAGES } from '@common/words/posts';
import styles from './AltField.module.css';

/** Characters of a description, as the server counts them (ADR 060). */
export const altLength = (alt: string) => [...alt.trim()].length;

/**
 * The suggestion a photo's empty description field shows (its placeholder,
 * ADR 060): the post's first line, cut to the limit.
 */
export function suggestAlt(text: string): string {
  const first = text.split('\n').find((line) => line.trim() !== '') ?? '';
  return [...first.trim()].slice(0, ALT_TEXT_MAX_CHARS).join('');
}

/**
 * A photo's description (ADR 060): its label names the photo, the post's
 * first line is suggested as the placeholder, and "n / 250" counts it. The
 * composer's field and the "Describe photos" dialog's.
 */
export function AltField({
  value,
  number,
  of,
  suggestion,
  onChange,
}: {
  value: string;
  number: number;
  of: number;
  suggestion: string;
  onChange(value: string): void;
}) {
  const id = useId();
  const used = altLength(value);
  const over = used > ALT_TEXT_MAX_CHARS;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {MEDIA_ALT_MESSAGES.altLabel(number, of)}
      </label>
      <input
        id={id}
        type="text"
        className={`text-box ${styles.input}`}
        value={value}
        placeholder={suggestion || MEDIA_ALT_MESSAGES.altHint}
        aria-describedby={`${id}-hint ${id}-count`}
        aria-invalid={over || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className={styles.meta}>
        <span id={`${id}-hint`} className={styles.hint}>
          {MEDIA_ALT_MESSAGES.altHint}
        </span>
        <span
          id={`${id}-count`}
          className={`${styles.counter} ${over ? styles.over : ''}`}
          aria-live="polite"
        >
          {MEDIA_ALT_MESSAGES.altCounter(used)}
        </span>
      </div>
    </div>
  );
}
