import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';
import { authRepository } from './auth.repository';
import { hashSecret, newSecret } from './secrets';
import type { FoundSession, SessionCache } from './sessions.cache';

export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is slid forward at most once a day, so reads stay reads. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The bus topic on which every server hears that sessions ended, so that it
 * closes their live sockets (docs/security.md): a socket never outlives the
 * session it was opened with.
 */
export const SESSIONS_ENDED_TOPIC = 'sessions:ended';

/**
 * What ended: one session; every session of a student but `except`; or, for
 * `moved`, none, but the student's sockets are for a campus they may have
 * left and must be opened (and checked) again.
 */
export type SessionsEnded =
  | { type: 'session.ended'; sessionId: string }
  | { type: 'sessions.ended'; userId: string; except?: string }
  | { type: 'sessions.moved'; userId: string };

export interface RequestMeta {
  userAgent: string | null;
  ip: string | null;
}

export interface SessionServiceOptions {
  /** Keeps resolved sessions in memory for a few seconds; without it every request reads them. */
  cache?: SessionCache;
  /** Where ended sessions are told, for the live sockets of every server; none in unit tests. */
  bus?: EventBus;
  log?: (error: unknown) => void;
  now?: () => number;
}

/** A live session as a request holds it: its id (the token's hash) and when it ends. */
export interface ResolvedSession {
  user: UserRow;
  /** The cookie should be re-sent: the expiry moved forward. */
  slid: boolean;
  sessionId: string;
  expiresAt: number;
}

/** A ban or suspension ends sessions at once (ADR 025); one begun in the same instant ends here. */
const open = ({ expiresAt, user }: FoundSession, at: number) =>
  expiresAt > at &&
  user.banned_at === null &&
  (user.suspended_until === null || Number(user.suspended_until) <= at);

/** Cookie sessions: what routes and other modules call. */
export interface SessionService {
  /** Whether the session is still open, read from the database (not the cache). */
  isOpen(sessionId: string): Promise<boolean>;
  /** A new session for the user; returns the token to put in the cookie. */
  start(userId: string, meta: RequestMeta): Promise<string>;
  /** The user of a live session, sliding its expiry; `slid` says the cookie should be re-sent. */
  resolve(token: string): Promise<ResolvedSession | null>;
  /** Whatever changed the user's row shows on their next request, on every server. */
  userChanged(userId: string): void;
  /** Ends the session of the token (sign-out), on every server. */
  end(token: string): Promise<void>;
  /**
   * The student now belongs to another campus: their sockets close on every
   * server and, reopened, are let in only where they may read.
   */
  campusChanged(userId: string): void;
  /**
   * Ends every session of the user but the one of the token `except`, on
   * every server: after their password or e-mail changed, no device signed
   * in before may stay in.
   */
  endAllFor(userId: string, options?: { except?: string }): Promise<void>;
}

/** Builds cookie sessions: a random token in the cookie, only its hash stored. */
export function createSessionService(
  db: Db,
  { cache, bus, log = () => undefined, now = Date.now }: SessionServiceOptions = {},
): SessionService {
  // A lost message is covered: a bus that comes back from an outage closes every socket (ADR 021).
  const ended = (event: SessionsEnded) => {
    bus?.publish(SESSIONS_ENDED_TOPIC, { ...event }).catch(log);
  };

  const load = async (id: string): Promise<FoundSession | undefined> => {
    const found = await authRepository.findSessionWithUser(db.kysely, id);
    return (
      found && {
        sessionId: id,
        expiresAt: found.session.expires_at,
        lastSeenAt: found.session.last_seen_at,
        user: found.user,
      }
    );
  };

  return {
    async isOpen(sessionId: string): Promise<boolean> {
      const found = await load(sessionId);
      return found !== undefined && open(found, now());
    },

    async start(userId: string, meta: RequestMeta): Promise<string> {
      const token = newSecret();
      const at = now();
      await authRepository.insertSession(db.kysely, {
        id: hashSecret(token),
        user_id: userId,
        created_at: at,
        expires_at: at + SESSION_MS,
        last_seen_at: at,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip,
      });
      return token;
    },

    async resolve(token: string): Promise<ResolvedSession | null> {
      const id = hashSecret(token);
      const found = await (cache ? cache.read(id, () => load(id)) : load(id));
      const at = now();
      if (!found) return null;
      if (!open(found, at)) {
        await authRepository.deleteSession(db.kysely, id);
        cache?.sessionChanged(id);
        ended({ type: 'session.ended', sessionId: id });
        return null;
      }
      const slid = at - found.lastSeenAt > SLIDE_AFTER_MS;
      if (slid) {
        await authRepository.touchSession(db.kysely, id, at, at + SESSION_MS);
        cache?.sessionChanged(id);
      }
      const expiresAt = slid ? at + SESSION_MS : found.expiresAt;
      return { user: found.user, slid, sessionId: id, expiresAt };
    },

    userChanged(userId: string): void {
      cache?.userChanged(userId);
    },

    async end(token: string): Promise<void> {
      const id = hashSecret(token);
      await authRepository.deleteSession(db.kysely, id);
      cache?.sessionChanged(id);
      ended({ type: 'session.ended', sessionId: id });
    },

    campusChanged(userId: string): void {
      cache?.userChanged(userId);
      ended({ type: 'sessions.moved', userId });
    },

    async endAllFor(userId: string, { except }: { except?: string } = {}): Promise<void> {
      const kept = except === undefined ? undefined : hashSecret(except);
      await authRepository.deleteSessionsOfUser(db.kysely, userId, kept);
      // After the delete: a server that reloads a session from now on finds it gone.
      cache?.userChanged(userId);
      ended({ type: 'sessions.ended', userId, ...(kept ? { except: kept } : {}) });
    },
  };
}
