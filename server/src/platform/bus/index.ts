import type { EventBus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';

export type { BusEvent, BusHandler, EventBus } from './bus';

export function createBus(redisUrl: string | undefined): EventBus {
  return redisUrl ? createRedisBus(redisUrl) : createMemoryBus();
}
