import { useState } from 'react';
import type { z } from 'zod';
import { useMessagesAlert, validate } from './use-error-alert';

/**
 * Client-side checks with the server's own zod schema: a field shows its
 * message once it has been left with something in it, or after a submit;
 * `check()` on submit also raises the messages as danger alerts.
 */
export function useFormCheck<T>(schema: z.ZodType<T>, values: Record<string, unknown>) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const showMessages = useMessagesAlert();
  const result = validate(schema, values);
  return {
    errorFor: (field: string) => (submitted || touched[field] ? result.errors[field] : undefined),
    /** onBlur handler of a field: an empty field left behind is not an error yet. */
    blur: (field: string) => () => {
      const value = values[field];
      if (typeof value === 'string' && value.trim() === '') return;
      setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
    },
    check: (): T | null => {
      setSubmitted(true);
      if (!result.data) showMessages(result.messages);
      return result.data;
    },
  };
}
