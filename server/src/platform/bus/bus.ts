/**
 * The event bus carries domain events between server instances (DESIGN §7):
 * in-process by default, Redis pub/sub when REDIS_URL is set.
 */
export interface BusEvent {
  type: string;
  [key: string]: unknown;
}

export type BusHandler = (event: BusEvent) => void;

export interface EventBus {
  publish(topic: string, event: BusEvent): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
