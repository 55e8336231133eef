import { expect } from 'vitest';

/** The response is the error `{ error: { message } }` with this status (core/errors.ts). */
export function expectError(
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string,
): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { message } });
}
