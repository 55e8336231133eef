import type { Campus } from '@common/campuses';
import * as campusPolicy from '../../core/policies/campus';
import type { UserRow } from '../../db/schema';
import type { BusEvent, EventBus } from '../../platform/bus';
import { userTopic } from '../notifications/notifications.service';

type Listener = (event: BusEvent) => void;

/**
 * Relays bus topics to this server's sockets: one bus subscription per topic,
 * however many sockets hold it, dropped when the last one leaves.
 */
export function createLiveHub(bus: EventBus) {
  const topics = new Map<string, { listeners: Set<Listener>; off: Promise<() => Promise<void>> }>();
  return {
    join(topic: string, listener: Listener): () => Promise<void> {
      let entry = topics.get(topic);
      if (!entry) {
        const listeners = new Set<Listener>();
        entry = {
          listeners,
          off: bus.subscribe(topic, (event) => listeners.forEach((l) => l(event))),
        };
        topics.set(topic, entry);
      }
      entry.listeners.add(listener);
      const own = entry;
      return async () => {
        own.listeners.delete(listener);
        if (own.listeners.size === 0 && topics.get(topic) === own) {
          topics.delete(topic);
          await (
            await own.off
          )();
        }
      };
    },
    async close() {
      const entries = [...topics.values()];
      topics.clear();
      await Promise.all(entries.map(async (e) => (await e.off)()));
    },
    /** Topics with at least one socket on this server. */
    size: () => topics.size,
  };
}

/**
 * What a student's socket hears (DESIGN §7): the events of their own
 * campus, for those who may read it.
 */
export function createLiveService(bus: EventBus) {
  const hub = createLiveHub(bus);
  let sockets = 0;
  return {
    /**
     * Joins the campus feed's events and the student's own (messages,
     * notifications, unread counts); throws the campus policy's error for
     * anyone who may not read the campus.
     */
    joinCampus(user: UserRow | null, campus: Campus, listener: Listener): () => Promise<void> {
      campusPolicy.canRead(user, campus);
      const leaves = [
        hub.join(`feed:${campus.id}`, listener),
        hub.join(userTopic(user.id), listener),
      ];
      sockets++;
      let left = false;
      return async () => {
        // A socket may report both an error and its close: it leaves once.
        if (left) return;
        left = true;
        sockets--;
        await Promise.all(leaves.map((leave) => leave()));
      };
    },
    /** Sockets of this server that joined a campus and have not left. */
    sockets: () => sockets,
    close: () => hub.close(),
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
