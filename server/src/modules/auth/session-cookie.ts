import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Fact } from '../../core/facts';
import type { UserRow } from '../../db/schema';
import { SESSION_MS, type SessionService } from './sessions.service';

/** The session cookie's name: `__Host-` + Secure when served over https. */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl.startsWith('https://') ? '__Host-quad_session' : 'quad_session';
}

/**
 * Reads the session cookie of API requests into `request.user`, and lets routes
 * start and end sessions. httpOnly, SameSite=Lax, and `__Host-` + Secure when
 * served over https.
 */
export function registerSessions(
  app: FastifyInstance,
  config: Config,
  sessions: SessionService,
): void {
  const secure = config.publicUrl.startsWith('https://');
  const cookieName = sessionCookieName(config);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: SESSION_MS / 1000,
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    // API calls and page loads need the viewer (pages carry it in their boot data); assets do not.
    const page = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    // The route as matched, not the raw URL (which may spell /api/ as /%61pi/).
    if (!(request.routeOptions.url ?? '').startsWith('/api/') && !page) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    const found = await sessions.resolve(token);
    if (!found) {
      reply.clearCookie(cookieName, { path: '/' });
      return;
    }
    request.user = found.user;
    request.sessionToken = token;
    request.session = { id: found.sessionId, expiresAt: found.expiresAt };
    if (found.slid) reply.setCookie(cookieName, token, cookieOptions);
  });

  // Sessions are cached (ADR 005): after a request of a signed-in user whose
  // route declares that it changes `viewer` (ADR 043), before its answer
  // leaves, their next request reads their row afresh, on every server.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && request.routeOptions.config.changes?.includes('viewer'))
      sessions.userChanged(request.user.id);
    done(null, payload);
  });

  app.decorate('sessionCookie', {
    async signIn(request: FastifyRequest, reply: FastifyReply, userId: string) {
      // A new token at every sign-in; the old session (if any) ends.
      if (request.sessionToken) await sessions.end(request.sessionToken);
      const token = await sessions.start(userId, {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      reply.setCookie(cookieName, token, cookieOptions);
      // Signing in may have changed the user (a link verifies, a reset unlocks): every server reads them afresh.
      sessions.userChanged(userId);
    },
    async signOut(request: FastifyRequest, reply: FastifyReply) {
      if (request.sessionToken) await sessions.end(request.sessionToken);
      reply.clearCookie(cookieName, { path: '/' });
    },
    userChanged: (userId: string) => sessions.userChanged(userId),
    campusChanged: (userId: string) => sessions.campusChanged(userId),
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The facts the route changes (core/facts.ts, ADR 043): every
     * state-changing route declares them, an empty list when it changes
     * nothing a cache keeps. `viewer`: the caller's cached session is read afresh.
     */
    changes?: readonly Fact[];
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. */
    user: UserRow | null;
    sessionToken: string | null;
    /** The signed-in user's session: its id (the token's hash) and when it ends. */
    session: { id: string; expiresAt: number } | null;
  }
  interface FastifyInstance {
    sessionCookie: {
      signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
      signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** A student's row changed by someone else: their sessions read it afresh, on every server. */
      userChanged(userId: string): void;
      /** A student moved to another campus: their live sockets close everywhere (docs/security.md). */
      campusChanged(userId: string): void;
    };
  }
}
