import { randomUUID } from 'node:crypto';
import type { FactSubscriber } from '../../core/facts';
import type { UserRow } from '../../db/schema';
import type { EventBus } from '../../platform/bus';

/** The bus topic on which every server hears that a session ended or a user changed. */
export const SESSIONS_CHANGED_TOPIC = 'sessions:changed';

/**
 * The fact of a write (core/facts.ts) this cache hears: a route that declares
 * it changes `viewer` drops its caller's sessions (session-cookie.ts).
 */
export const SESSION_CACHE_FACTS = {
  name: 'sessions',
  facts: ['viewer'],
} as const satisfies FactSubscriber;

/** A live session with its user, as the database gave it. */
export interface FoundSession {
  sessionId: string;
  expiresAt: number;
  lastSeenAt: number;
  user: UserRow;
}

export interface SessionCache {
  /**
   * The session `sessionId` from memory while it is fresh, else what `load`
   * gives, kept for the next request unless a change landed during the load.
   */
  read(
    sessionId: string,
    load: () => Promise<FoundSession | undefined>,
  ): Promise<FoundSession | undefined>;
  /** The session ended or moved: forget it here and on every other server. */
  sessionChanged(sessionId: string): void;
  /** The user's row changed: forget all their sessions here and on every other server. */
  userChanged(userId: string): void;
  close(): Promise<void>;
}

interface Entry {
  found: FoundSession;
  until: number;
}

/** A change as the cache hears it: `sessionId`, `userId`, or `everything: true` (the bus's gap). */
type Change = Readonly<Record<string, unknown>>;

/** A load under way, and the changes that came while it ran. */
interface Load {
  changes: Change[];
}

export interface SessionCacheOptions {
  bus: EventBus;
  /** How long a session is served from memory; 0 reads the database for every request. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  log?: (error: unknown) => void;
  /** Told of every read while the cache is on: whether memory answered (for metrics). */
  onLookup?: (hit: boolean) => void;
}

/**
 * Resolved sessions kept in memory for a few seconds (ADR 005), so that a
 * request of a signed-in student costs no database round trip before its own
 * work. Correct across servers: whatever ends a session or changes a user
 * (sign-out, sign-in, any request of that user whose route declares it
 * changes `viewer`) drops the
 * entries here at once and, through the bus, on the others; the time limit
 * bounds what a lost bus message or a change made outside the app can hide,
 * and the bus's return from an outage empties the cache.
 */
export async function createSessionCache({
  bus,
  ttlMs,
  maxEntries = 20_000,
  now = Date.now,
  log = () => undefined,
  onLookup = () => undefined,
}: SessionCacheOptions): Promise<SessionCache> {
  const entries = new Map<string, Entry>();
  const sessionsOfUser = new Map<string, Set<string>>();
  /**
   * Loads under way. A change during one may be missing from what it read, so
   * a load is not kept when a change that came meanwhile touches its session
   * or its user; changes of other students leave it be (under load a session
   * read can take longer than the gap between anyone's changes).
   */
  const loading = new Set<Load>();
  const origin = randomUUID();

  const drop = (sessionId: string) => {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ids = sessionsOfUser.get(entry.found.user.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) sessionsOfUser.delete(entry.found.user.id);
  };
  const apply = (change: Change) => {
    for (const load of loading) load.changes.push(change);
    if (typeof change.sessionId === 'string') drop(change.sessionId);
    if (typeof change.userId === 'string')
      for (const id of [...(sessionsOfUser.get(change.userId) ?? [])]) drop(id);
  };
  const publish = (change: { sessionId?: string; userId?: string }) => {
    apply(change);
    bus.publish(SESSIONS_CHANGED_TOPIC, { type: 'sessions.changed', ...change, origin }).catch(log);
  };

  const unsubscribe =
    ttlMs > 0
      ? await bus.subscribe(SESSIONS_CHANGED_TOPIC, (event) => {
          if (event.origin !== origin) apply(event);
        })
      : async () => undefined;
  // The bus was away (ADR 021): a sign-out on another server may be among what
  // it lost, so every session is read afresh, and loads under way are not kept.
  const stopGaps =
    ttlMs > 0
      ? bus.onGap(() => {
          for (const load of loading) load.changes.push({ everything: true });
          entries.clear();
          sessionsOfUser.clear();
        })
      : () => undefined;

  return {
    async read(sessionId, load) {
      if (ttlMs <= 0) return load();
      const entry = entries.get(sessionId);
      const hit = entry !== undefined && entry.until > now();
      onLookup(hit);
      if (hit) return entry.found;
      if (entry) drop(sessionId);
      const pending: Load = { changes: [] };
      loading.add(pending);
      const found = await load().finally(() => loading.delete(pending));
      if (found && !pending.changes.some((change) => touches(change, sessionId, found))) {
        drop(sessionId);
        // Requests share the cached row: frozen, so none can change it under another.
        Object.freeze(found.user);
        entries.set(sessionId, { found, until: now() + ttlMs });
        const ids = sessionsOfUser.get(found.user.id) ?? new Set<string>();
        sessionsOfUser.set(found.user.id, ids.add(sessionId));
        // The oldest entry goes first; Map keeps insertion order.
        if (entries.size > maxEntries) drop(entries.keys().next().value!);
      }
      return found;
    },
    sessionChanged(sessionId) {
      if (ttlMs > 0) publish({ sessionId });
    },
    userChanged(userId) {
      if (ttlMs > 0) publish({ userId });
    },
    async close() {
      stopGaps();
      await unsubscribe();
      entries.clear();
      sessionsOfUser.clear();
    },
  };
}

/** Whether a change that came during a load may be missing from what it read. */
function touches(change: Change, sessionId: string, found: FoundSession): boolean {
  return (
    change.everything === true || change.sessionId === sessionId || change.userId === found.user.id
  );
}
