/** The longest wait between two attempts to reach Redis again, before jitter. */
export const RECONNECT_CAP_MS = 1000;

/**
 * How soon an ioredis client tries Redis again after losing it (ADR 021):
 * doubling from 50 ms up to a second, with up to 100 ms of jitter so a fleet
 * of servers does not knock at once. ioredis's own default climbs to 5 s, so
 * a restart of a few seconds left the bus deaf for up to 5 s after Redis was
 * back; a refused connection a second is nothing to Redis or to us.
 */
export function reconnectDelay(attempt: number): number {
  const backoff = Math.min(50 * 2 ** Math.max(0, attempt - 1), RECONNECT_CAP_MS);
  return backoff + Math.floor(Math.random() * 100);
}
