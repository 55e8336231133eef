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

  /**
   * Takes one of the `max` password tries of the window for the account from
   * this client: the count so far, or undefined when none is left or the pair
   * is locked. Counted in one statement, so concurrent guesses cannot overshoot.
   */
  async takeClientLoginTry(
    db: Executor,
    key: { userId: string; client: string },
    { at, windowMs, max }: { at: number; windowMs: number; max: number },
  ): Promise<number | undefined> {
    const stale = at - windowMs;
    const row = await db
      .insertInto('login_failures')
      .values({
        user_id: key.userId,
        client: key.client,
        failures: 1,
        window_start: at,
        locked_until: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'client'])
          .doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('login_failures.window_start', '<=', stale)
              .then(1)
              .else(eb('login_failures.failures', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when('login_failures.window_start', '<=', stale)
              .then(at)
              .else(eb.ref('login_failures.window_start'))
              .end(),
          }))
          .where((eb) =>
            eb.and([
              eb.or([
                eb('login_failures.locked_until', 'is', null),
                eb('login_failures.locked_until', '<=', at),
              ]),
              eb.or([
                eb('login_failures.window_start', '<=', stale),
                eb('login_failures.failures', '<', max),
              ]),
            ]),
          ),
      )
      .returning('failures')
      .executeTakeFirst();
    return row ? Number(row.failures) : undefined;
  },

  /** Locks password sign-in to the account from this client until `until`. */
  async lockClient(
    db: Executor,
    key: { userId: string; client: string },
    until: number,
  ): Promise<void> {
    await db
      .updateTable('login_failures')
      .set({ failures: 0, window_start: until, locked_until: until })
      .where('user_id', '=', key.userId)
      .where('client', '=', key.client)
      .execute();
  },

  /** Forgets the account's wrong passwords: from one client (it got in), or from all (a link or reset). */
  async clearLoginFailures(db: Executor, userId: string, client?: string): Promise<void> {
    let query = db.deleteFrom('login_failures').where('user_id', '=', userId);
    if (client !== undefined) query = query.where('client', '=', client);
    await query.execute();
  },

  /** Forgets counts whose window and lock are over, and sessions past their end. */
  async sweepSignIns(db: Executor, at: number, windowMs: number): Promise<number> {
    const failures = await db
      .deleteFrom('login_failures')
      .where('window_start', '<=', at - windowMs)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
      .executeTakeFirst();
    const sessions = await db
      .deleteFrom('sessions')
      .where('expires_at', '<', at)
      .executeTakeFirst();
    return Number(failures.numDeletedRows) + Number(sessions.numDeletedRows);
  },

  /** How many tokens of the kind were made for the address since `since`. */
  async countTokensSince(
    db: Executor,
    email: string,
    purpose: string,
    since: number,
  ): Promise<number> {
    const row = await db
      .selectFrom('auth_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
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
