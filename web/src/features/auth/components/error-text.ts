import { AUTH_MESSAGES } from '@common/messages';
import { ApiError } from '../../../lib/api';

/** The words to show for a failed call: the server's message, or the generic one. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : AUTH_MESSAGES.genericError;
}
