import { Redis } from 'ioredis';
import type { BusEvent, BusHandler, EventBus } from './bus';

const PREFIX = 'quad:';

/**
 * Redis pub/sub: an event published on one server reaches subscribers on
 * every server. One connection publishes, one listens (a subscribed Redis
 * connection can do nothing else).
 */
export function createRedisBus(url: string): EventBus {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const topics = new Map<string, Set<BusHandler>>();

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
    async publish(topic, event) {
      await publisher.publish(PREFIX + topic, JSON.stringify(event));
    },
    async subscribe(topic, handler) {
      let handlers = topics.get(topic);
      if (!handlers) {
        handlers = new Set();
        topics.set(topic, handlers);
        await subscriber.subscribe(PREFIX + topic);
      }
      handlers.add(handler);
      const own = handlers;
      return async () => {
        own.delete(handler);
        if (own.size === 0 && topics.get(topic) === own) {
          topics.delete(topic);
          await subscriber.unsubscribe(PREFIX + topic);
        }
      };
    },
    async close() {
      topics.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
