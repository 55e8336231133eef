import { describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, reconnectDelay } from './redis-reconnect';

describe('reconnectDelay', () => {
  it('doubles from 50 ms and never waits more than a second and its jitter', () => {
    for (let i = 0; i < 50; i++) {
      expect(reconnectDelay(1)).toBeGreaterThanOrEqual(50);
      expect(reconnectDelay(1)).toBeLessThan(150);
      expect(reconnectDelay(3)).toBeGreaterThanOrEqual(200);
      for (const attempt of [8, 20, 1000])
        expect(reconnectDelay(attempt)).toBeLessThan(RECONNECT_CAP_MS + 100);
    }
    expect(reconnectDelay(1000)).toBeGreaterThanOrEqual(RECONNECT_CAP_MS);
  });
});
