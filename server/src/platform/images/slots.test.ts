import { describe, expect, it } from 'vitest';
import { solidImage } from '../../../test/media-fixtures';
import { IMAGE_SLOTS, imageSlots, MIN_IMAGE_PIXELS, processImage } from '.';
import { createSlots, imageWeight } from './slots';

/**
 * Memory bounded under parallel uploads (ADR 031): images wait for room for
 * their pixels (ADR 072).
 */
describe('image slots', () => {
  it('run at most their size at once, the rest first come, first served, a failure freeing its slot', async () => {
    const slots = createSlots(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    let running = 0;
    let most = 0;
    const work = (n: number, fail = false) =>
      slots.run(async () => {
        started.push(n);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => finish.push(resolve));
        running--;
        if (fail) throw new Error(`work ${n} failed`);
        return n;
      });
    const all = [work(1, true), work(2), work(3), work(4), work(5)].map((p) =>
      p.catch((e: Error) => e.message),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([1, 2]);
    expect([slots.busy, slots.waiting]).toEqual([2, 3]);
    while (finish.length > 0) {
      finish.shift()!();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await Promise.all(all)).toEqual(['work 1 failed', 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('run by weight: a piece waits until it fits, and never overtakes one waiting before it', async () => {
    const slots = createSlots(10);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const work = (name: string, weight: number) =>
      slots.run(async () => {
        started.push(name);
        await new Promise<void>((resolve) => finish.set(name, resolve));
      }, weight);
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const all = [work('a', 6), work('b', 6), work('c', 2), work('d', 3), work('e', 1)];
    await tick();
    // c would fit beside a, but b waits before it.
    expect(started).toEqual(['a']);
    expect([slots.busy, slots.waiting]).toEqual([6, 4]);
    finish.get('a')!();
    await tick();
    // b and c (8); d would make 11, and e waits behind it.
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('b')!();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(slots.busy).toBe(6);
    finish.get('c')!();
    finish.get('d')!();
    finish.get('e')!();
    await Promise.all(all);
    // Heavier than the whole room: it runs, alone.
    const alone = work('huge', 25);
    await tick();
    expect(started.at(-1)).toBe('huge');
    finish.get('huge')!();
    await alone;
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('hold photos beyond the room for their pixels until one is done', async () => {
    const photo = await solidImage(1600, 1200, 'jpeg');
    // Room for two of these photos at once.
    const slots = createSlots(2 * 1600 * 1200);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, slots.busy)), 1);
    const done = await Promise.all(Array.from({ length: 5 }, () => processImage(photo, slots)));
    clearInterval(watch);
    expect(done).toHaveLength(5);
    expect(most).toBe(2 * 1600 * 1200);
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('let small photos share the room: more at once than the cores, each counting a megapixel', async () => {
    expect(imageWeight(64 * 48)).toBe(MIN_IMAGE_PIXELS);
    expect(imageWeight(4000 * 3000)).toBe(12_000_000);
    const count = IMAGE_SLOTS + 3;
    const finish: Array<() => void> = [];
    const all = Array.from({ length: count }, () =>
      imageSlots.run(
        () => new Promise<void>((resolve) => finish.push(resolve)),
        imageWeight(64 * 48),
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    expect([imageSlots.busy, imageSlots.waiting]).toEqual([count * MIN_IMAGE_PIXELS, 0]);
    for (const done of finish) done();
    await Promise.all(all);
    expect([imageSlots.busy, imageSlots.waiting]).toEqual([0, 0]);
  });
});
