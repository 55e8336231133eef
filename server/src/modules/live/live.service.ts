import type { Campus } from '@common/campuses';
import * as campusPolicy from '../../core/policies/campus';
import type { UserRow } from '../../db/schema';
import type { BusEvent, EventBus } from '../../platform/bus';
import { userTopic } from '../notifications/notifications.service';

/** A socket as the hub sees it: what it is sent, and how it is told that it missed events. */
export interface LiveMember {
  deliver(event: BusEvent): void;
  /** Events for it may have been lost: the socket closes, and its client reconnects and refetches. */
  resync(): void;
}

/**
 * Relays bus topics to this server's sockets: one bus subscription per topic,
 * however many sockets hold it, dropped when the last one leaves. A topic
 * whose subscription fails (Redis out of reach) tells its members to resync,
 * and the next to join subscribes again.
 */
export function createLiveHub(bus: EventBus) {
  const topics = new Map<
    string,
    { members: Set<LiveMember>; off: Promise<(() => Promise<void>) | null> }
  >();
  return {
    join(topic: string, member: LiveMember): () => Promise<void> {
      let entry = topics.get(topic);
      if (!entry) {
        const members = new Set<LiveMember>();
        const created = {
          members,
          off: bus
            .subscribe(topic, (event) => members.forEach((m) => m.deliver(event)))
            .catch(() => {
              if (topics.get(topic) === created) topics.delete(topic);
              members.forEach((m) => m.resync());
              return null;
            }),
        };
        entry = created;
        topics.set(topic, entry);
      }
      entry.members.add(member);
      const own = entry;
      return async () => {
        own.members.delete(member);
        if (own.members.size === 0 && topics.get(topic) === own) {
          topics.delete(topic);
          await (
            await own.off
          )?.();
        }
      };
    },
    async close() {
      const entries = [...topics.values()];
      topics.clear();
      await Promise.all(entries.map(async (e) => (await e.off)?.()));
    },
    /** Topics with at least one socket on this server. */
    size: () => topics.size,
  };
}

/**
 * What a student's socket hears (DESIGN §7): the events of their own
 * campus, for those who may read it. When the bus comes back from an outage
 * every socket of this server is told to resync (ADR 021): its client
 * reconnects and refetches what the lost events would have shown.
 */
export function createLiveService(bus: EventBus) {
  const hub = createLiveHub(bus);
  const members = new Set<LiveMember>();
  const stopGaps = bus.onGap(() => [...members].forEach((m) => m.resync()));
  return {
    /**
     * Joins the campus feed's events and the student's own (messages,
     * notifications, unread counts); throws the campus policy's error for
     * anyone who may not read the campus.
     */
    joinCampus(user: UserRow | null, campus: Campus, member: LiveMember): () => Promise<void> {
      campusPolicy.canRead(user, campus);
      const leaves = [hub.join(`feed:${campus.id}`, member), hub.join(userTopic(user.id), member)];
      members.add(member);
      let left = false;
      return async () => {
        // A socket may report both an error and its close: it leaves once.
        if (left) return;
        left = true;
        members.delete(member);
        await Promise.all(leaves.map((leave) => leave()));
      };
    },
    /** Sockets of this server that joined a campus and have not left. */
    sockets: () => members.size,
    async close() {
      stopGaps();
      await hub.close();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
