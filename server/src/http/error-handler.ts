import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, unavailable } from '../core/errors';
import { isDatabaseUnreachable } from '../db/kysely';

/** What a client is told to wait before trying again while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole API (STYLE: fastify/demo). Known errors keep
 * their status, code and message; a database out of reach is 503 (ADR 021);
 * anything else is logged and masked as 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.messages ? { messages: error.messages } : {}),
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
      return reply
        .status(500)
        .send({ error: { code: 'internal', message: 'Internal server error.' } });
    }
    return reply.status(status).send({
      error: { code: error.code ?? 'error', message: error.message },
    });
  });
}
