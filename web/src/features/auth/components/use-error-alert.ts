import { useCallback } from 'react';
import type { z } from 'zod';
import { ALERT_LONG_MS, AUTH_MESSAGES } from '@common/messages';
import { useAlert } from '../../../components/ui/Alerts';
import { ApiError } from '../../../lib/api';

/**
 * Shows a failed call as danger alerts: each message of the server's
 * `messages` list as its own alert, else its `message`. The
 * lockout message stays up for 7.8 s. Anything that is not an answer of the
 * server (network down) gets `fallback`.
 */
export function useErrorAlert() {
  const alert = useAlert();
  return useCallback(
    (error: unknown, fallback: string = AUTH_MESSAGES.genericError) => {
      if (!(error instanceof ApiError)) {
        alert({ msg: fallback, alertType: 'danger' });
        return;
      }
      const duration = error.message === AUTH_MESSAGES.tooManyAttempts ? ALERT_LONG_MS : undefined;
      const messages = error.messages.length > 0 ? error.messages : [error.message];
      for (const msg of new Set(messages)) alert({ msg, alertType: 'danger', duration });
    },
    [alert],
  );
}

/** Shows client-side validation messages the way the server's are shown. */
export function useMessagesAlert() {
  const alert = useAlert();
  return useCallback(
    (messages: string[]) => {
      for (const msg of new Set(messages)) alert({ msg, alertType: 'danger' });
    },
    [alert],
  );
}

export type FieldErrors = Partial<Record<string, string>>;

export interface Validation<T> {
  data: T | null;
  /** The first message per field, for the inline hints. */
  errors: FieldErrors;
  /** Every distinct message, in field order, for the alerts. */
  messages: string[];
}

/** Runs the same zod schema the server uses, for instant feedback. */
export function validate<T>(schema: z.ZodType<T>, value: unknown): Validation<T> {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, errors: {}, messages: [] };
  const errors: FieldErrors = {};
  const messages: string[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field] === undefined) errors[field] = issue.message;
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { data: null, errors, messages };
}
