import { type Db, ping } from '../../db/kysely';

/** Ready means every dependency a request needs answers; today that is the database. */
export async function readiness(db: Db): Promise<{ ready: boolean; database: boolean }> {
  const database = await ping(db);
  return { ready: database, database };
}
