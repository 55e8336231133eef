import type { Campus } from '@common/campuses';
import * as campusPolicy from '../../core/policies/campus';
import type { UserRow } from '../../db/schema';
import type { BusEvent, EventBus } from '../../platform/bus';
import { SESSIONS_ENDED_TOPIC } from '../auth/sessions.service';
import { userTopic } from '../notifications/notifications.service';

/** A socket as the hub sees it: what it is sent, and how it is told that it missed events. */
export interface LiveMember {
  deliver(event: BusEvent): void;
  /** Events for it may have been lost: the socket closes, and its client reconnects and refetches. */
  resync(): void;
}

/** A student's socket: a member that is also told when its session ended. */
export interface LiveSocket extends LiveMember {
  /** The session it was opened with ended: the socket closes for good. */
  signedOut(): void;
}

/** The session a socket was opened with: its id (the token's hash). */
export interface LiveSession {
  id: string;
}

/** Whether a message of the sessions topic ends the session `sessionId` of `userId`. */
function ends(event: BusEvent, userId: string, sessionId: string): boolean {
  if (event.type === 'session.ended') return event.sessionId === sessionId;
  if (event.type === 'sessions.ended') return event.userId === userId && event.except !== sessionId;
  return false;
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
    /**
     * Adds `member` to the topic's sockets; returns how it leaves and when the
     * topic's subscription is live (resolves either way, failed or not).
     */
    join(topic: string, member: LiveMember): { leave: () => Promise<void>; ready: Promise<void> } {
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
      const leave = async () => {
        own.members.delete(member);
        if (own.members.size === 0 && topics.get(topic) === own) {
          topics.delete(topic);
          await (
            await own.off
          )?.();
        }
      };
      return { leave, ready: own.off.then(() => undefined) };
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
 * What a student's socket hears: the events of their own
 * campus, for those who may read it. When the bus comes back from an outage
 * every socket of this server is told to resync (ADR 021): its client
 * reconnects and refetches what the lost events would have shown.
 */
export interface LiveService {
  /**
   * Joins the campus feed's events and the student's own (messages,
   * notifications, unread counts), and hears when the socket's session
   * ends or the student moves campus; throws the campus policy's error for
   * anyone who may not read the campus. `ready` resolves once every
   * subscription is live: a session that ended before may not have been
   * heard, so the caller checks it is still open then.
   */
  joinCampus(
    user: UserRow | null,
    campus: Campus,
    session: LiveSession,
    socket: LiveSocket,
  ): {
    leave(): Promise<void>;
    ready: Promise<void>;
  };
  /** Sockets of this server that joined a campus and have not left. */
  sockets(): number;
  /** Stops this server's subscriptions to the bus (shutdown). */
  close(): Promise<void>;
}

/** Builds the LiveService. */
export function createLiveService(bus: EventBus): LiveService {
  const hub = createLiveHub(bus);
  const members = new Set<LiveMember>();
  const stopGaps = bus.onGap(() => [...members].forEach((m) => m.resync()));
  return {
    joinCampus(
      user: UserRow | null,
      campus: Campus,
      session: LiveSession,
      socket: LiveSocket,
    ): { leave: () => Promise<void>; ready: Promise<void> } {
      campusPolicy.canRead(user, campus);
      const guard: LiveMember = {
        deliver(event) {
          if (ends(event, user.id, session.id)) socket.signedOut();
          // Reopened, the socket is let in only where the student may now read.
          else if (event.type === 'sessions.moved' && event.userId === user.id) socket.resync();
        },
        resync: () => socket.resync(),
      };
      const joined = [
        hub.join(SESSIONS_ENDED_TOPIC, guard),
        hub.join(`feed:${campus.id}`, socket),
        hub.join(userTopic(user.id), socket),
      ];
      members.add(socket);
      let left = false;
      const leave = async () => {
        // A socket may report both an error and its close: it leaves once.
        if (left) return;
        left = true;
        members.delete(socket);
        await Promise.all(joined.map((j) => j.leave()));
      };
      return { leave, ready: Promise.all(joined.map((j) => j.ready)).then(() => undefined) };
    },
    sockets: () => members.size,
    async close() {
      stopGaps();
      await hub.close();
    },
  };
}
