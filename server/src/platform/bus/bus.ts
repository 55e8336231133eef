/**
 * The event bus carries domain events between server instances: in-process by
 * default, Redis pub/sub when REDIS_URL is set.
 */
export interface BusEvent {
  type: string;
  [key: string]: unknown;
}

export type BusHandler = (event: BusEvent) => void;

export interface EventBus {
  /** Where events travel: this process only, or every server through Redis. */
  readonly kind: 'memory' | 'redis';
  publish(topic: string, event: BusEvent): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Calls `listener` each time the bus comes back from an outage, its
   * subscriptions live again: events published meanwhile were lost, so
   * whatever they would have changed must be read afresh (ADR 021). The
   * returned function stops the calls.
   */
  onGap(listener: () => void): () => void;
  /** True when the bus answers within `timeoutMs` (readiness probe). */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}
