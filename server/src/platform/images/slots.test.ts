import { describe, expect, it } from 'vitest';
import { solidImage } from '../../../test/media-fixtures';
import { IMAGE_SLOTS, imageSlots, processImage } from '.';
import { createSlots } from './slots';

/** Memory bounded under parallel uploads (ADR 031): images wait for a slot. */
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

  it('hold photos beyond the number of cores until one is done', async () => {
    const photo = await solidImage(1600, 1200, 'jpeg');
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, imageSlots.busy)), 1);
    const count = IMAGE_SLOTS + 3;
    const done = await Promise.all(Array.from({ length: count }, () => processImage(photo)));
    clearInterval(watch);
    expect(done).toHaveLength(count);
    expect(most).toBe(IMAGE_SLOTS);
    expect([imageSlots.busy, imageSlots.waiting]).toEqual([0, 0]);
  });
});
