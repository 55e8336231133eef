import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../core/errors';
import type { SessionService } from '../auth/sessions.service';
import type { LiveService } from './live.service';

/** Closes a socket that missed events: 4000 + 503, "try again", which the client does. */
export const RESYNC = 4503;
/** Closes a socket whose session ended: 4000 + 401, which the client does not retry. */
export const SIGNED_OUT = 4401;
/** The longest a timer may wait in Node; a session that ends later closes its socket then, and it reconnects. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * GET /api/live: one WebSocket per tab (ADR 008). Members of the site's campus
 * receive its feed events (new top-level posts) as JSON lines. A socket never
 * outlives the session it was opened with (docs/security.md): it closes when
 * the session ends on any server, and when it expires.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { live, sessions }: { live: LiveService; sessions: Pick<SessionService, 'isOpen'> },
): Promise<void> {
  app.get(
    '/api/live',
    { config: { access: 'campus' }, websocket: true, schema: { hide: true } },
    (socket, request) => {
      const origin = request.headers.origin;
      if (origin && origin !== `${request.protocol}://${request.host}`) {
        socket.close(4403, 'cross-origin');
        return;
      }
      const close = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
          socket.close(code, reason);
      };
      // The route's `campus` access refused the viewer (http/access.ts): 4401 or 4403.
      if (request.accessRefusal) {
        socket.close(4000 + request.accessRefusal.statusCode, request.accessRefusal.code);
        return;
      }
      let joined: ReturnType<LiveService['joinCampus']>;
      try {
        // A guest has no session: the campus policy refuses them before it is read.
        joined = live.joinCampus(request.user, request.campus, request.session ?? { id: '' }, {
          deliver(event) {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
          },
          // Events were lost (ADR 021): the client reconnects, as after any drop, and refetches.
          resync: () => close(RESYNC, 'resync'),
          signedOut: () => close(SIGNED_OUT, 'signed_out'),
        });
      } catch (error) {
        // 4401 signed out, 4403 not allowed: the HTTP status in WebSocket's private range.
        const status = error instanceof HttpError ? error.statusCode : 500;
        socket.close(4000 + status, error instanceof HttpError ? error.code : 'error');
        return;
      }
      const session = request.session!;
      // A session that ended while the subscriptions were being made was not heard: check once they are live.
      void joined.ready
        .then(() => sessions.isOpen(session.id))
        .then(
          (open) => open || close(SIGNED_OUT, 'signed_out'),
          () => close(RESYNC, 'resync'),
        );
      // At its expiry the session may have slid forward: then the socket reconnects, with the new one.
      const expiry = setTimeout(
        () =>
          void sessions.isOpen(session.id).then(
            (open) => close(open ? RESYNC : SIGNED_OUT, open ? 'resync' : 'signed_out'),
            () => close(RESYNC, 'resync'),
          ),
        Math.min(Math.max(session.expiresAt - Date.now(), 0), LONGEST_TIMER_MS),
      );
      // Keep idle connections alive through proxies.
      const ping = setInterval(() => socket.ping(), 30_000);
      const leave = () => {
        clearTimeout(expiry);
        clearInterval(ping);
        void joined.leave();
      };
      socket.on('close', leave);
      socket.on('error', leave);
    },
  );
}
