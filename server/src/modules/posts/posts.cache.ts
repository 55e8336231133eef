import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../platform/bus';

/** The bus topic on which every server hears that a campus's posts changed. */
export const POSTS_CHANGED_TOPIC = 'posts:changed';

export interface PostCache {
  /**
   * The cached value of `key` on `campusId`, or what `load` gives (stored for
   * the next reader). Concurrent misses of one key share a single load.
   */
  read<T>(campusId: string, key: string, load: () => Promise<T>, lane?: CacheLane): Promise<T>;
  /** A write changed posts of this campus: drop its entries here and on every other server. */
  changed(campusId: string): void;
  close(): Promise<void>;
}

/**
 * Entries of what a whole campus sees (few, large) and of what one viewer
 * sees (many, small: their saves on a page) are kept apart, so a crowd of
 * viewers never pushes the campus's pages out.
 */
export type CacheLane = 'campus' | 'viewer';

interface Entry {
  generation: number;
  expires: number;
  value: Promise<unknown>;
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
 * A read-through cache of what every member of a campus sees alike (DESIGN
 * §13): feed pages and threads, written as JSON with holes for saves, and
 * beside them, in a lane of their own, each viewer's saves on them. Every write to a campus's
 * posts bumps the campus's generation at once on this server and, through the
 * bus, on the others; an entry of an older generation is never served. An
 * entry records the generation from before its load began, so a write that
 * lands during the load makes that entry stale rather than hiding the write.
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
  const lanes: Record<CacheLane, Map<string, Entry>> = { campus: new Map(), viewer: new Map() };
  const generationOf = (campusId: string) => generations.get(campusId) ?? 0;
  const bump = (campusId: string) => generations.set(campusId, generationOf(campusId) + 1);
  // This server bumped already when it wrote; its own message coming back is skipped.
  const origin = randomUUID();

  const unsubscribe =
    ttlMs > 0
      ? await bus.subscribe(POSTS_CHANGED_TOPIC, (event) => {
          if (event.origin !== origin && typeof event.campusId === 'string') bump(event.campusId);
        })
      : async () => undefined;

  return {
    read<T>(
      campusId: string,
      key: string,
      load: () => Promise<T>,
      lane: CacheLane = 'campus',
    ): Promise<T> {
      if (ttlMs <= 0) return load();
      const entries = lanes[lane];
      const id = `${campusId}\u0000${key}`;
      const generation = generationOf(campusId);
      const entry = entries.get(id);
      if (entry && entry.generation === generation && entry.expires > now()) {
        // Most recently used last, so the oldest is first in line to go.
        entries.delete(id);
        entries.set(id, entry);
        onLookup(lane, true);
        return entry.value as Promise<T>;
      }
      onLookup(lane, false);
      const value = load();
      entries.delete(id);
      entries.set(id, { generation, expires: now() + ttlMs, value });
      if (entries.size > maxEntries[lane]) entries.delete(entries.keys().next().value!);
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(id)?.value === value) entries.delete(id);
      });
      return value;
    },

    changed(campusId: string): void {
      if (ttlMs <= 0) return;
      bump(campusId);
      bus.publish(POSTS_CHANGED_TOPIC, { type: 'posts.changed', campusId, origin }).catch(log);
    },

    async close() {
      await unsubscribe();
      lanes.campus.clear();
      lanes.viewer.clear();
    },
  };
}
