import type { Kysely, Transaction } from 'kysely';
import type {
  AuthTokensTable,
  Database,
  OauthStatesTable,
  SessionsTable,
  UserRow,
} from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Sessions, one-time tokens and pending OpenID sign-ins: all stored by the hash of their secret. */
export const authRepository = {
  async insertSession(db: Executor, session: SessionsTable): Promise<void> {
    await db.insertInto('sessions').values(session).execute();
  },

  /** The session with its user, in one query (every request does this). */
  async findSessionWithUser(
    db: Executor,
    id: string,
  ): Promise<
    | { session: Pick<SessionsTable, 'id' | 'expires_at' | 'last_seen_at'>; user: UserRow }
    | undefined
  > {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.expires_at as session_expires_at',
        'sessions.last_seen_at as session_last_seen_at',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_id, session_expires_at, session_last_seen_at, ...user } = row;
    return {
      session: {
        id: session_id,
        expires_at: session_expires_at,
        last_seen_at: session_last_seen_at,
      },
      user,
    };
  },

  async touchSession(
    db: Executor,
    id: string,
    lastSeenAt: number,
    expiresAt: number,
  ): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  },

  async deleteSession(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
  },

  /** Deletes every session of the user, but the one with id `exceptId` if given. */
  async deleteSessionsOfUser(db: Executor, userId: string, exceptId?: string): Promise<void> {
    let query = db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  },

  async deleteExpiredSessions(db: Executor, now: number): Promise<void> {
    await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  },

  async insertToken(db: Executor, token: AuthTokensTable): Promise<void> {
    await db.insertInto('auth_tokens').values(token).execute();
  },

  findToken(db: Executor, id: string, purpose: string): Promise<AuthTokensTable | undefined> {
    return db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('id', '=', id)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  },

  /** Marks a token used; false when another request used it first. */
  async useToken(db: Executor, id: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('auth_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Whether a live undo link of an e-mail change would give this address
   * back to another account (ADR 036): the address is held for its owner
   * until the link is used or expires.
   */
  async addressHeld(db: Executor, email: string, now: number, exceptUserId?: string) {
    let query = db
      .selectFrom('auth_tokens')
      .select('id')
      .where('email', '=', email)
      .where('purpose', '=', 'email_undo')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    if (exceptUserId) query = query.where('user_id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  /**
   * Marks the user's unused links of these purposes used, only those made
   * after `after` when given (an undo voids the later undo links, not the earlier).
   */
  async voidTokens(
    db: Executor,
    userId: string,
    purposes: readonly string[],
    now: number,
    after?: number,
  ): Promise<void> {
    let query = db
      .updateTable('auth_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null);
    if (after !== undefined) query = query.where('created_at', '>', after);
    await query.execute();
  },

  async insertOauthState(db: Executor, state: OauthStatesTable): Promise<void> {
    await db.insertInto('oauth_states').values(state).execute();
  },

  /** Reads and deletes a pending sign-in (single use). */
  async takeOauthState(
    db: Executor,
    id: string,
    now: number,
  ): Promise<OauthStatesTable | undefined> {
    const state = await db
      .selectFrom('oauth_states')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!state) return undefined;
    const deleted = await db.deleteFrom('oauth_states').where('id', '=', id).executeTakeFirst();
    await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
    return Number(deleted.numDeletedRows) === 1 && state.expires_at > now ? state : undefined;
  },
};
