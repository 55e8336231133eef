import { type Db, ping } from '../../db/kysely';

/** Liveness and readiness of this server. */
export function createHealthService(db: Db) {
  return {
    /** Ready means every dependency a request needs answers; today that is the database. */
    async readiness(): Promise<{ ready: boolean; database: boolean }> {
      const database = await ping(db);
      return { ready: database, database };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
