import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../core/errors';
import type { LiveService } from './live.service';

/** Closes a socket that missed events: 4000 + 503, "try again", which the client does. */
export const RESYNC = 4503;

/**
 * GET /api/live: one WebSocket per tab (DESIGN §7). Members of the site's
 * campus receive its feed events (new top-level posts) as JSON lines.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { live }: { live: LiveService },
): Promise<void> {
  app.get('/api/live', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    if (origin && origin !== `${request.protocol}://${request.host}`) {
      socket.close(4403, 'cross-origin');
      return;
    }
    let leave: () => Promise<void>;
    try {
      leave = live.joinCampus(request.user, request.campus, {
        deliver(event) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
        },
        // Events were lost (ADR 021): the client reconnects, as after any drop, and refetches.
        resync: () => socket.close(RESYNC, 'resync'),
      });
    } catch (error) {
      // 4401 signed out, 4403 not allowed: the HTTP status in WebSocket's private range.
      const status = error instanceof HttpError ? error.statusCode : 500;
      socket.close(4000 + status, error instanceof HttpError ? error.code : 'error');
      return;
    }
    socket.on('close', () => void leave());
    socket.on('error', () => void leave());
    // Keep idle connections alive through proxies.
    const ping = setInterval(() => socket.ping(), 30_000);
    socket.on('close', () => clearInterval(ping));
  });
}
