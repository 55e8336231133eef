import type { ErrorBody } from '@common/schemas/errors';

/** An API error with the server's stable code and the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly messages: string[] = [],
    /** The message of each form field the server refused (`theme.primary`, `spots.0.name`). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * TanStack Query's retry rule for every query: one more try after a network
 * failure or a 5xx, none after an answer that will not change (401 signed out,
 * 403, 404), so the page shows that answer at once instead of a spinner.
 */
export function retryOnceUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * JSON over fetch with the session cookie. State-changing requests carry the
 * X-Quad-CSRF header the server's same-origin check accepts (ADR 028).
 */
export async function api<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(rest.method && rest.method !== 'GET' ? { 'x-quad-csrf': '1' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as ErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'error',
      error?.message ?? 'Something went wrong. Try again.',
      error?.messages,
      error?.fields,
    );
  }
  return body as T;
}
