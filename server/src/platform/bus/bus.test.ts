import { afterAll, describe, expect, it } from 'vitest';
import type { BusEvent, EventBus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';
import { testRedisUrl } from '../../../test/redis';

const redisUrl = testRedisUrl();

/** Subscribes (resolving once the subscription is in place) and gives the next event on `topic`. */
async function nextEvent(bus: EventBus, topic: string): Promise<{ event: Promise<BusEvent> }> {
  let resolve!: (event: BusEvent) => void;
  const event = new Promise<BusEvent>((r) => (resolve = r));
  await bus.subscribe(topic, resolve);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no event on ${topic}`)), 5000).unref(),
  );
  return { event: Promise.race([event, timeout]) };
}

describe('in-process bus', () => {
  it('delivers to subscribers of the topic only, until they unsubscribe', async () => {
    const bus = createMemoryBus();
    const got: string[] = [];
    const off = await bus.subscribe('feed:ou', (e) => got.push(`a:${e.type}`));
    await bus.subscribe('feed:ut', (e) => got.push(`b:${e.type}`));
    await bus.publish('feed:ou', { type: 'post.created' });
    await off();
    await bus.publish('feed:ou', { type: 'post.deleted' });
    expect(got).toEqual(['a:post.created']);
    await bus.close();
  });

  it('hands each subscriber its own copy of the event', async () => {
    const bus = createMemoryBus();
    const seen: BusEvent[] = [];
    await bus.subscribe('t', (e) => {
      e.changed = true;
      seen.push(e);
    });
    await bus.subscribe('t', (e) => seen.push(e));
    await bus.publish('t', { type: 'x' });
    expect(seen[1]).toEqual({ type: 'x' });
  });
});

describe.skipIf(!redisUrl)('Redis bus', () => {
  const buses: EventBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  it('carries an event published on one server to a subscriber on another', async () => {
    const serverA = createRedisBus(redisUrl);
    const serverB = createRedisBus(redisUrl);
    buses.push(serverA, serverB);
    const topic = `chat:${Math.random().toString(36).slice(2)}`;
    // Published only once serverB's SUBSCRIBE has landed.
    const received = (await nextEvent(serverB, topic)).event;
    await serverA.publish(topic, {
      type: 'message.created',
      chatId: 'c1',
      text: 'Is it still available?',
    });
    expect(await received).toEqual({
      type: 'message.created',
      chatId: 'c1',
      text: 'Is it still available?',
    });
  });

  it('stops delivering after the last handler unsubscribes', async () => {
    const a = createRedisBus(redisUrl);
    const b = createRedisBus(redisUrl);
    buses.push(a, b);
    const topic = `user:${Math.random().toString(36).slice(2)}`;
    const got: BusEvent[] = [];
    const off = await b.subscribe(topic, (e) => got.push(e));
    await a.publish(topic, { type: 'one' });
    await new Promise((r) => setTimeout(r, 200));
    await off();
    await a.publish(topic, { type: 'two' });
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([{ type: 'one' }]);
  });
});
