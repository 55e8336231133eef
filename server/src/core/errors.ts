/**
 * The handful of error factories services throw. `message` is the words a
 * student sees, from common/messages.ts and the schemas' messages; the error
 * handler turns these into `{ error: { code, message, messages? } }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly messages?: string[],
    /** The message of each field of the request that has one (a form shows it beside the field). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, message: string, messages?: string[]) =>
  new HttpError(400, code, message, messages);
export const unauthorized = (code: string, message: string) => new HttpError(401, code, message);
export const forbidden = (code: string, message: string) => new HttpError(403, code, message);
export const notFound = (code: string, message: string) => new HttpError(404, code, message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const tooLarge = (code: string, message: string) => new HttpError(413, code, message);
export const tooMany = (code: string, message: string) => new HttpError(429, code, message);
/** A provider Quad depends on (the payment provider) failed; the request may be tried again. */
export const badGateway = (code: string, message: string) => new HttpError(502, code, message);
/** A dependency of every request (the database) cannot be reached; the request may be tried again. */
export const unavailable = () =>
  new HttpError(503, 'unavailable', 'Quad is unavailable for a moment. Please try again shortly.');
