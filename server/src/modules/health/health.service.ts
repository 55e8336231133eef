import { type Db, ping } from '../../db/kysely';
import type { EventBus } from '../../platform/bus';

/** How long each dependency may take to answer the readiness probe. */
const PROBE_TIMEOUT_MS = 2000;

/** Each dependency of this configuration, and whether it answered. */
export interface Readiness {
  ready: boolean;
  database: boolean;
  /** Present when the servers share a Redis (the bus, the rate limits). */
  redis?: boolean;
}

/** Liveness and readiness of this server. */
export interface HealthService {
  /**
   * Ready means every dependency a request needs answers: the database and,
   * when configured, Redis. Each is asked at once, with its own time limit,
   * so the probe never hangs on one that is gone (ADR 021).
   */
  readiness(): Promise<Readiness>;
}

/** Builds the HealthService. */
export function createHealthService(db: Db, bus: EventBus): HealthService {
  return {
    async readiness(): Promise<Readiness> {
      const [database, redis] = await Promise.all([
        ping(db, PROBE_TIMEOUT_MS),
        bus.kind === 'redis' ? bus.ping(PROBE_TIMEOUT_MS) : undefined,
      ]);
      return {
        ready: database && redis !== false,
        database,
        ...(redis === undefined ? {} : { redis }),
      };
    },
  };
}
