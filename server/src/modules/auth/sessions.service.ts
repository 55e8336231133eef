import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { authRepository } from './auth.repository';
import { hashSecret, newSecret } from './secrets';
import type { FoundSession, SessionCache } from './sessions.cache';

export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is slid forward at most once a day, so reads stay reads. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface RequestMeta {
  userAgent: string | null;
  ip: string | null;
}

export interface SessionServiceOptions {
  /** Keeps resolved sessions in memory for a few seconds; without it every request reads them. */
  cache?: SessionCache;
  now?: () => number;
}

/** Cookie sessions (DESIGN §6/§9): a random token in the cookie, only its hash stored. */
export function createSessionService(
  db: Db,
  { cache, now = Date.now }: SessionServiceOptions = {},
) {
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
    /** A new session for the user; returns the token to put in the cookie. */
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

    /** The user of a live session, sliding its expiry; `slid` says the cookie should be re-sent. */
    async resolve(token: string): Promise<{ user: UserRow; slid: boolean } | null> {
      const id = hashSecret(token);
      const found = await (cache ? cache.read(id, () => load(id)) : load(id));
      const at = now();
      if (!found) return null;
      // A ban or suspension ends sessions at once (ADR 025); one begun in the same instant ends here.
      const { banned_at: bannedAt, suspended_until: until } = found.user;
      if (found.expiresAt <= at || bannedAt !== null || (until !== null && Number(until) > at)) {
        await authRepository.deleteSession(db.kysely, id);
        cache?.sessionChanged(id);
        return null;
      }
      const slid = at - found.lastSeenAt > SLIDE_AFTER_MS;
      if (slid) {
        await authRepository.touchSession(db.kysely, id, at, at + SESSION_MS);
        cache?.sessionChanged(id);
      }
      return { user: found.user, slid };
    },

    /** Whatever changed the user's row shows on their next request, on every server. */
    userChanged(userId: string): void {
      cache?.userChanged(userId);
    },

    async end(token: string): Promise<void> {
      const id = hashSecret(token);
      await authRepository.deleteSession(db.kysely, id);
      cache?.sessionChanged(id);
    },

    /**
     * Ends every session of the user but the one of the token `except`, on
     * every server: after their password or e-mail changed, no device signed
     * in before may stay in.
     */
    async endAllFor(userId: string, { except }: { except?: string } = {}): Promise<void> {
      await authRepository.deleteSessionsOfUser(
        db.kysely,
        userId,
        except === undefined ? undefined : hashSecret(except),
      );
      // After the delete: a server that reloads a session from now on finds it gone.
      cache?.userChanged(userId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
