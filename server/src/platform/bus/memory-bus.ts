import type { BusHandler, EventBus } from './bus';

/** One process, no network: the embedded default. */
export function createMemoryBus(): EventBus {
  const topics = new Map<string, Set<BusHandler>>();
  return {
    kind: 'memory',
    async publish(topic, event) {
      for (const handler of [...(topics.get(topic) ?? [])]) handler(structuredClone(event));
    },
    async subscribe(topic, handler) {
      const handlers = topics.get(topic) ?? new Set<BusHandler>();
      handlers.add(handler);
      topics.set(topic, handlers);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0) topics.delete(topic);
      };
    },
    // Nothing between publisher and subscriber can fail: no gap, always reachable.
    onGap: () => () => undefined,
    ping: async () => true,
    async close() {
      topics.clear();
    },
  };
}
