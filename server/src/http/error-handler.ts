import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES as M } from '@common/messages';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, unavailable } from '../core/errors';
import { isDatabaseUnreachable } from '../db/kysely';

/** What a client is told to wait before trying again while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole API. Known errors keep their status, code and
 * message; a database out of reach is 503 (ADR 021); anything else is logged
 * and masked as 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.messages ? { messages: error.messages } : {}),
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((issue) => issue.message);
      return reply.status(400).send({
        error: { code: 'invalid_request', message: messages[0] ?? 'Invalid request.', messages },
      });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      const { statusCode, code, message } = unavailable();
      return reply
        .status(statusCode)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: { code, message } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: { code: 'internal', message: M.internal } });
    }
    return reply.status(status).send({
      error: { code: error.code ?? 'error', message: error.message },
    });
  });
}

/**
 * Fastify's own refusals before a route is found (its `frameworkErrors`
 * option): a path that is not valid percent-encoding, a path parameter
 * longer than the router takes. The same `{ error: { code, message } }` body
 * as every other answer (ADR 028).
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, code, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, 'bad_url', M.badUrl]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'uri_too_long', M.uriTooLong]
        : [500, 'internal', M.internal];
  void reply.status(status).send({ error: { code, message } });
}

/** What Node's HTTP parser refuses, as the contract's status, code and message. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'headers_too_large', M.headersTooLarge];
    case 'HPE_URI_TOO_LONG':
      return [414, 'uri_too_long', M.uriTooLong];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'timeout', M.timeout];
    default:
      return [400, 'bad_request', M.badRequest];
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before
 * Fastify saw it (headers too large, a request line it cannot read) is
 * answered on the socket in the contract's shape, then the socket closed, as
 * Node itself does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, code, message] = clientErrorAnswer(error.code);
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
