import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The inline validation message (also sets aria-invalid). */
  error?: string;
  hint?: ReactNode;
  /** Something to the right of the label (e.g. "Forgot password?"). */
  aside?: ReactNode;
  /** A control inside the input's right edge (e.g. Show / Hide). */
  adornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A big labelled input with its hint and its error, wired for screen readers. */
export function TextField({
  label,
  error,
  hint,
  aside,
  adornment,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : hint ? hintId : '';
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      <div className={styles.control}>
        <input
          ref={ref}
          id={id}
          className={[styles.input, adornment ? styles.inputWithAdornment : '', className ?? '']
            .filter(Boolean)
            .join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {adornment}
      </div>
      <FieldMessage error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

/**
 * One reserved line under a field: the error takes the hint's place, so
 * nothing moves under the pointer when a field is left with a mistake in it.
 * The error is the field's only message (no alert repeats it): announced as it appears.
 */
export function FieldMessage({
  error,
  hint,
  errorId,
  hintId = errorId,
}: {
  error?: string;
  hint?: ReactNode;
  errorId: string;
  hintId?: string;
}) {
  return error ? (
    <p key="error" id={errorId} className={styles.error} role="alert">
      {error}
    </p>
  ) : (
    <p key="hint" id={hintId} className={styles.hint}>
      {hint}
    </p>
  );
}

/** The e-mail input every auth page asks for: labelled "Email", typed for phones' keyboards. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      {...props}
    />
  );
}

/** A password input with a Show / Hide switch. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'adornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={visible}
          aria-label="Show password"
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
