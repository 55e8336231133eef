import { Redis } from 'ioredis';
import { reconnectDelay } from '../redis-reconnect';
import type { BusEvent, BusHandler, EventBus } from './bus';

const PREFIX = 'quad:';

/**
 * Redis pub/sub: an event published on one server reaches subscribers on
 * every server. One connection publishes, one listens (a subscribed Redis
 * connection can do nothing else).
 *
 * Through a Redis restart (ADR 021) both connections reconnect by themselves
 * (within about a second of Redis's return) and the listener subscribes again; a publish meanwhile fails after a few
 * retries (its callers log it), and what was published while the listener was
 * away is lost, which `onGap` announces once the subscriptions are back.
 */
export function createRedisBus(url: string): EventBus {
  const options = { lazyConnect: false, maxRetriesPerRequest: 3, retryStrategy: reconnectDelay };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const topics = new Map<string, Set<BusHandler>>();
  const gapListeners = new Set<() => void>();
  // Connection errors come with every reconnection attempt; ioredis prints them
  // to the console unless someone listens. The probe and the callers see them.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  whenBack(subscriber, () => gapListeners.forEach((listener) => listener()));

  subscriber.on('message', (channel: string, payload: string) => {
    const handlers = topics.get(channel.slice(PREFIX.length));
    if (!handlers) return;
    let event: BusEvent;
    try {
      event = JSON.parse(payload) as BusEvent;
    } catch {
      return;
    }
    for (const handler of [...handlers]) handler(event);
  });

  return {
    kind: 'redis',
    async publish(topic, event) {
      await publisher.publish(PREFIX + topic, JSON.stringify(event));
    },
    async subscribe(topic, handler) {
      let handlers = topics.get(topic);
      if (!handlers) {
        handlers = new Set();
        topics.set(topic, handlers);
        try {
          await subscriber.subscribe(PREFIX + topic);
        } catch (error) {
          // Not subscribed (Redis out of reach): the next subscriber tries again.
          if (topics.get(topic) === handlers) topics.delete(topic);
          throw error;
        }
      }
      handlers.add(handler);
      const own = handlers;
      return async () => {
        own.delete(handler);
        if (own.size === 0 && topics.get(topic) === own) {
          topics.delete(topic);
          // Out of reach, the channel stays subscribed in Redis's eyes; its
          // messages find no handler here and are dropped.
          await subscriber.unsubscribe(PREFIX + topic).catch(() => undefined);
        }
      };
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => void gapListeners.delete(listener);
    },
    ping: (timeoutMs) => answers(publisher, subscriber, timeoutMs),
    async close() {
      topics.clear();
      gapListeners.clear();
      // A connection still reconnecting is stopped; QUIT would wait for Redis to come back.
      await Promise.allSettled(
        [publisher, subscriber].map(async (client) =>
          client.status === 'ready' ? client.quit() : client.disconnect(),
        ),
      );
    },
  };
}

/** Calls `back` each time the subscriber reconnects after a drop, its subscriptions live again. */
function whenBack(subscriber: Redis, back: () => void): void {
  let away = false;
  subscriber.on('close', () => {
    away = true;
  });
  subscriber.on('ready', () => {
    if (!away) return;
    away = false;
    // ioredis has sent the SUBSCRIBEs again before 'ready'; a PING answered
    // after them means they have landed, so nothing published from now on is missed.
    subscriber.ping().then(back, () => undefined);
  });
}

/** True when both connections are up and the publisher answers a PING within `timeoutMs`. */
async function answers(publisher: Redis, subscriber: Redis, timeoutMs: number): Promise<boolean> {
  // A PING queued while they reconnect would wait for Redis: down is down at once.
  if (publisher.status !== 'ready' || subscriber.status !== 'ready') return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = publisher.ping().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
