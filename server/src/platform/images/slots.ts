import os from 'node:os';

/**
 * Images decoded at once by this process. A 48-megapixel photo takes about 125
 * MB while sharp resizes it; eight uploaded together took the server from 415
 * MB to 1.4 GB resident. Decoding more images than there are cores is no faster
 * (libvips already uses every core for one), so the rest wait their turn and
 * memory stays bounded whatever the number of parallel uploads (ADR 031).
 */
export const IMAGE_SLOTS = Math.max(1, os.availableParallelism());

export interface Slots {
  /** Runs `work` once a slot is free; the slot is freed when it settles. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Work running now and work waiting for a slot. */
  readonly busy: number;
  readonly waiting: number;
}

/** At most `size` pieces of work at once, the others first come, first served. */
export function createSlots(size: number): Slots {
  let busy = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else busy--;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (busy < size) busy++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
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

/** The process's image slots: photos and profile photos share them. */
export const imageSlots = createSlots(IMAGE_SLOTS);
