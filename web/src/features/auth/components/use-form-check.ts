import { useState } from 'react';
import type { z } from 'zod';
import { validate } from './use-error-alert';

/**
 * Client-side checks with the server's own zod schema: a field shows its
 * message under it once it has been left with something in it, or after a
 * submit. One cause, one message: a field's problem is said there and not
 * again as an alert (alerts are for what the server answers).
 */
export function useFormCheck<T>(schema: z.ZodType<T>, values: Record<string, unknown>) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const result = validate(schema, values);
  return {
    errorFor: (field: string) => (submitted || touched[field] ? result.errors[field] : undefined),
    /** onBlur handler of a field: an empty field left behind is not an error yet. */
    blur: (field: string) => () => {
      const value = values[field];
      if (typeof value === 'string' && value.trim() === '') return;
      setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
    },
    /**
     * On submit: the valid values, or null after showing every field's message
     * and moving the focus to the first field in error (of `form`, by name).
     */
    check: (form?: HTMLFormElement | null): T | null => {
      setSubmitted(true);
      if (result.data) return result.data;
      for (const field of Object.keys(result.errors)) {
        const input = form?.elements.namedItem(field);
        if (input instanceof HTMLElement) {
          input.focus();
          break;
        }
      }
      return null;
    },
  };
}
