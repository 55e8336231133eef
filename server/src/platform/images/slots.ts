import os from 'node:os';

/**
 * Images decoded at once by this process, counted in pixels. A 48-megapixel
 * photo takes about 125 MB while sharp resizes it; eight uploaded together took
 * the server from 415 MB to 1.4 GB resident. Decoding more large images than
 * there are cores is no faster (libvips already uses every core for one), so
 * the process holds at most the largest photo's pixels per core
 * (IMAGE_PIXELS) and the rest wait their turn: memory stays bounded whatever
 * the number of parallel uploads (ADR 031). Small photos share that room: a
 * phone's 12-megapixel photo takes a quarter of a core's, and a photo of less
 * than a megapixel counts as one (MIN_IMAGE_PIXELS), so a burst of small
 * uploads is not held to two at a time (ADR 072).
 */
export const IMAGE_SLOTS = Math.max(1, os.availableParallelism());

/**
 * The most pixels an upload may declare (a 48 MP phone photo is 8000 × 6000).
 * sharp refuses larger ones from their header, before decoding, so a tiny
 * file declaring 16,000 × 16,000 cannot take a gigabyte of memory. It is
 * also one core's worth of the slots.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** What the process decodes at once: the largest photo's pixels per core. */
export const IMAGE_PIXELS = IMAGE_SLOTS * MAX_INPUT_PIXELS;

/** The least an image counts for: its buffers and libvips's own work are not free. */
export const MIN_IMAGE_PIXELS = 1_000_000;

export interface Slots {
  /**
   * Runs `work` once `weight` fits beside what runs (or nothing runs: a
   * weight over the whole room runs alone); freed when it settles. A whole
   * slot's weight by default.
   */
  run<T>(work: () => Promise<T>, weight?: number): Promise<T>;
  /** The weight of the work running now, and the number of pieces waiting. */
  readonly busy: number;
  readonly waiting: number;
}

/**
 * Work of at most `size` weight at once, the rest first come, first served: a
 * light piece never overtakes a heavy one that waits before it.
 */
export function createSlots(size: number, slotWeight = 1): Slots {
  let busy = 0;
  const queue: Array<{ weight: number; start: () => void }> = [];
  const fits = (weight: number) => busy === 0 || busy + weight <= size;
  const release = (weight: number) => {
    busy -= weight;
    while (queue.length > 0 && fits(queue[0]!.weight)) {
      const next = queue.shift()!;
      busy += next.weight;
      next.start();
    }
  };
  return {
    async run<T>(work: () => Promise<T>, weight = slotWeight): Promise<T> {
      if (queue.length === 0 && fits(weight)) busy += weight;
      else await new Promise<void>((start) => queue.push({ weight, start }));
      try {
        return await work();
      } finally {
        release(weight);
      }
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** An image's weight in the slots: its pixels (every frame's, for an animation), at least MIN_IMAGE_PIXELS. */
export function imageWeight(pixels: number): number {
  return Math.max(MIN_IMAGE_PIXELS, pixels);
}

/** The process's image slots: photos, profile photos and logos share them. */
export const imageSlots = createSlots(IMAGE_PIXELS, MAX_INPUT_PIXELS);
