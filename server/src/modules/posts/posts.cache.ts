import { randomUUID } from 'node:crypto';
import type { FactSubscriber } from '../../core/facts';
import type { EventBus } from '../../platform/bus';

/** The bus topic on which every server hears that a campus's posts changed. */
export const POSTS_CHANGED_TOPIC = 'posts:changed';

/**
 * What a write changed (ADR 014), built from its facts (`factChange`). Without one, everything of the campus is
 * dropped (a student's new name or photo shows on all their posts).
 */
export interface CacheChange {
  /** Posts whose text, counts or thread changed: a save, a comment below them, a deletion. */
  posts?: readonly string[];
  /** Which posts are in the campus's lists, or their order at the top, changed: a post, a comment, a deletion. */
  lists?: boolean;
  /** One student's own state that changed (`viewerState`): what was cached of it goes. */
  viewers?: readonly string[];
}

/**
 * Names of one student's own state, which changes only when they act: what
 * they saved (a save of theirs), whom they blocked or were blocked by.
 */
export const viewerState = {
  saves: (userId: string) => `saves:${userId}`,
  blocks: (userId: string) => `blocks:${userId}`,
};

/**
 * The facts of a write (core/facts.ts) this cache hears: everything a campus
 * sees alike, and each student's saves and blocks on it.
 */
export const POST_CACHE_FACTS = {
  name: 'posts',
  facts: ['post', 'campus-lists', 'saves', 'blocks', 'student-profile'],
} as const satisfies FactSubscriber;

/**
 * The change a write tells the cache, named by the facts it changed, with the
 * ids only the service knows. `student-profile` is a change without details:
 * everything of the campus goes.
 */
export const factChange = {
  post: (...postIds: string[]): CacheChange => ({ posts: postIds }),
  'campus-lists': (): CacheChange => ({ lists: true }),
  saves: (userId: string): CacheChange => ({ viewers: [viewerState.saves(userId)] }),
  blocks: (userIds: readonly string[]): CacheChange => ({
    viewers: userIds.map(viewerState.blocks),
  }),
  'student-profile': (): undefined => undefined,
};

/** Several facts of one write as one change. */
export function factsChanged(...parts: CacheChange[]): CacheChange {
  const posts = parts.flatMap((part) => part.posts ?? []);
  const viewers = parts.flatMap((part) => part.viewers ?? []);
  return {
    ...(parts.some((part) => part.lists) ? { lists: true } : {}),
    ...(parts.some((part) => part.posts) ? { posts } : {}),
    ...(parts.some((part) => part.viewers) ? { viewers } : {}),
  };
}

/** What a cached value shows, so that only a change to that drops it. */
export interface Shows {
  /** The posts it shows: a change to any of them drops it. */
  posts: Iterable<string>;
  /** It depends on which posts a list holds (a first page, search results): a change of the lists drops it. */
  list: boolean;
  /** It shows this state of one student's own (`viewerState`): a change naming it drops it. */
  viewers?: Iterable<string>;
}

export interface ReadOptions<T> {
  lane?: CacheLane;
  /**
   * What the value shows, known before it loads or read off it. Without it the
   * entry is dropped by every change of the campus.
   */
  shows?: Shows | ((value: T) => Shows);
}

export interface PostCache {
  /**
   * The cached value of `key` on `campusId`, or what `load` gives (stored for
   * the next reader). Concurrent misses of one key share a single load.
   */
  read<T>(
    campusId: string,
    key: string,
    load: () => Promise<T>,
    options?: CacheLane | ReadOptions<T>,
  ): Promise<T>;
  /** A write changed posts of this campus: drop what it touched here and on every other server. */
  changed(campusId: string, change?: CacheChange): void;
  close(): Promise<void>;
}

/**
 * Entries of what a whole campus sees (few, large) and of what one viewer
 * sees (many, small: their saves on a page) are kept apart, so a crowd of
 * viewers never pushes the campus's pages out.
 */
export type CacheLane = 'campus' | 'viewer';

interface Entry {
  id: string;
  lane: CacheLane;
  campusId: string;
  generation: number;
  expires: number;
  value: Promise<unknown>;
  /** null: dropped by any change of the campus. */
  shows: { posts: string[]; list: boolean; viewers: string[] } | null;
  /**
   * While its value loads: the changes that came meanwhile. Once it is in,
   * the entry stays only if none of them touches what it shows (ADR 031).
   */
  pending: CacheChange[] | null;
}

export interface PostCacheOptions {
  bus: EventBus;
  /** How long an entry may be served; 0 turns the cache off. Bounds staleness if a bus message is lost. */
  ttlMs: number;
  /** Most entries kept per lane, the least recently used going first. */
  maxEntries?: Record<CacheLane, number>;
  now?: () => number;
  log?: (error: unknown) => void;
  /** Told of every read while the cache is on: whether the entry was served (for metrics). */
  onLookup?: (lane: CacheLane, hit: boolean) => void;
}

/**
 * A read-through cache of what every member of a campus sees alike (ADR 004):
 * feed pages and threads, written as JSON with holes for saves, and beside
 * them, in a lane of their own, each viewer's saves on them.
 *
 * A write drops only what it changed (ADR 014), at once on this server and,
 * through the bus, on the others: the entries showing a changed post, the
 * entries that depend on a list's members when a list changed, and entries
 * that said nothing of what they show. A change without details bumps the
 * campus's generation: no entry of an older one is served. An entry still
 * loading when a change comes is kept only if, once its value is in, the
 * change touches nothing it shows; meanwhile later readers load afresh rather
 * than share it, so a write that lands during a load is never hidden from a
 * read that follows the write (ADR 031).
 * The bus's return from an outage, which may have lost changes, empties it.
 */
export async function createPostCache({
  bus,
  ttlMs,
  maxEntries = { campus: 2_000, viewer: 20_000 },
  now = Date.now,
  log = () => undefined,
  onLookup = () => undefined,
}: PostCacheOptions): Promise<PostCache> {
  const generations = new Map<string, number>();
  const generationOf = (campusId: string) => generations.get(campusId) ?? 0;
  const index = createEntryIndex(maxEntries);
  // This server dropped its entries already when it wrote; its own message coming back is skipped.
  const origin = randomUUID();

  const apply = (campusId: string, change: CacheChange | undefined) => {
    if (!change) generations.set(campusId, generationOf(campusId) + 1);
    else index.drop(campusId, change);
  };

  const unsubscribe =
    ttlMs > 0
      ? await bus.subscribe(POSTS_CHANGED_TOPIC, (event) => {
          if (event.origin === origin || typeof event.campusId !== 'string') return;
          apply(event.campusId, readChange(event.change));
        })
      : async () => undefined;
  // The bus was away (ADR 021): changes of other servers may be among what it lost.
  const stopGaps = ttlMs > 0 ? bus.onGap(() => index.clear()) : () => undefined;

  return {
    read<T>(
      campusId: string,
      key: string,
      load: () => Promise<T>,
      options: CacheLane | ReadOptions<T> = {},
    ): Promise<T> {
      if (ttlMs <= 0) return load();
      const { lane = 'campus', shows } = typeof options === 'string' ? { lane: options } : options;
      const id = `${campusId}\u0000${key}`;
      const generation = generationOf(campusId);
      const found = index.get(lane, id);
      // A load under way that a change has overtaken may miss it: this reader loads afresh.
      const overtaken = (found?.pending?.length ?? 0) > 0;
      if (found && !overtaken && found.generation === generation && found.expires > now()) {
        index.touch(found);
        onLookup(lane, true);
        return found.value as Promise<T>;
      }
      onLookup(lane, false);
      const value = load();
      const entry: Entry = {
        id,
        lane,
        campusId,
        generation,
        expires: now() + ttlMs,
        value,
        shows: null,
        pending: [],
      };
      index.add(entry);
      value.then(
        (loaded) => {
          const what = typeof shows === 'function' ? shows(loaded) : shows;
          index.settle(entry, what ? settled(what) : null);
        },
        // A failed load is not remembered.
        () => index.remove(entry),
      );
      return value;
    },

    changed(campusId: string, change?: CacheChange): void {
      if (ttlMs <= 0) return;
      apply(campusId, change);
      bus
        .publish(POSTS_CHANGED_TOPIC, { type: 'posts.changed', campusId, origin, change })
        .catch(log);
    },

    async close() {
      stopGaps();
      await unsubscribe();
      index.clear();
    },
  };
}

/** Whether a change drops an entry that shows this. */
function touches(change: CacheChange, shows: NonNullable<Entry['shows']>): boolean {
  if (change.lists && shows.list) return true;
  const posts = new Set(shows.posts);
  if (change.posts?.some((post) => posts.has(post))) return true;
  return change.viewers?.some((viewer) => shows.viewers.includes(viewer)) ?? false;
}

/** What an entry shows, as the index keeps it. */
const settled = (what: Shows): NonNullable<Entry['shows']> => ({
  posts: [...what.posts],
  list: what.list,
  viewers: [...(what.viewers ?? [])],
});

/** A change as another server sent it; anything unreadable counts as "everything". */
function readChange(raw: unknown): CacheChange | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const { posts, lists, viewers } = raw as { posts?: unknown; lists?: unknown; viewers?: unknown };
  const ids = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((p) => typeof p === 'string');
  if ((posts !== undefined && !ids(posts)) || (viewers !== undefined && !ids(viewers)))
    return undefined;
  return {
    ...(posts ? { posts } : {}),
    ...(viewers ? { viewers } : {}),
    lists: lists === true,
  };
}

/** Files an entry under a key of a map of sets. */
function put(map: Map<string, Set<Entry>>, key: string, entry: Entry): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(entry);
}

/** Takes an entry out from under a key, and the key when it was the last. */
function take(map: Map<string, Set<Entry>>, key: string, entry: Entry): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(entry);
  if (set.size === 0) map.delete(key);
}

/**
 * The entries of both lanes in least-recently-used order, with what finds
 * them by what they show: by post, by viewer, by campus for list-dependent
 * ones, and by campus for those that depend on everything or are still loading.
 */
function createEntryIndex(maxEntries: Record<CacheLane, number>) {
  const lanes: Record<CacheLane, Map<string, Entry>> = { campus: new Map(), viewer: new Map() };
  const byPost = new Map<string, Set<Entry>>();
  const byViewer = new Map<string, Set<Entry>>();
  const lists = new Map<string, Set<Entry>>();
  const anything = new Map<string, Set<Entry>>();
  const postKey = (campusId: string, postId: string) => `${campusId}\u0000${postId}`;

  function remove(entry: Entry): void {
    const lane = lanes[entry.lane];
    if (lane.get(entry.id) === entry) lane.delete(entry.id);
    take(anything, entry.campusId, entry);
    if (!entry.shows) return;
    if (entry.shows.list) take(lists, entry.campusId, entry);
    for (const post of entry.shows.posts) take(byPost, postKey(entry.campusId, post), entry);
    for (const viewer of entry.shows.viewers)
      take(byViewer, postKey(entry.campusId, viewer), entry);
  }

  return {
    get: (lane: CacheLane, id: string) => lanes[lane].get(id),
    /** Most recently used last, so the oldest is first in line to go. */
    touch(entry: Entry) {
      const lane = lanes[entry.lane];
      lane.delete(entry.id);
      lane.set(entry.id, entry);
    },
    add(entry: Entry) {
      const lane = lanes[entry.lane];
      const old = lane.get(entry.id);
      if (old) remove(old);
      lane.set(entry.id, entry);
      put(anything, entry.campusId, entry);
      if (lane.size > maxEntries[entry.lane]) remove(lane.values().next().value!);
    },
    /** The value is in: the entry is found by what it shows from now on. */
    settle(entry: Entry, shows: Entry['shows']) {
      if (lanes[entry.lane].get(entry.id) !== entry) return;
      const pending = entry.pending ?? [];
      entry.pending = null;
      // A change that came during the load may be missing from the value: if it
      // touches what the value shows, or the value says nothing of that, it goes.
      if (pending.length > 0 && (!shows || pending.some((change) => touches(change, shows)))) {
        remove(entry);
        return;
      }
      if (!shows) return;
      take(anything, entry.campusId, entry);
      entry.shows = shows;
      if (shows.list) put(lists, entry.campusId, entry);
      for (const post of shows.posts) put(byPost, postKey(entry.campusId, post), entry);
      for (const viewer of shows.viewers) put(byViewer, postKey(entry.campusId, viewer), entry);
    },
    remove,
    drop(campusId: string, change: CacheChange) {
      const doomed = new Set<Entry>();
      for (const e of anything.get(campusId) ?? []) {
        if (e.pending) e.pending.push(change);
        else doomed.add(e);
      }
      if (change.lists) for (const e of lists.get(campusId) ?? []) doomed.add(e);
      for (const post of change.posts ?? [])
        for (const e of byPost.get(postKey(campusId, post)) ?? []) doomed.add(e);
      for (const viewer of change.viewers ?? [])
        for (const e of byViewer.get(postKey(campusId, viewer)) ?? []) doomed.add(e);
      for (const entry of doomed) remove(entry);
    },
    clear() {
      lanes.campus.clear();
      lanes.viewer.clear();
      byPost.clear();
      byViewer.clear();
      lists.clear();
      anything.clear();
    },
  };
}
