import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Pending OpenID Connect sign-ins (state, PKCE verifier, nonce), kept in the
 * database so any server of a cluster can finish a sign-in another began.
 */
export function oauthStates(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('oauth_states')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
    },
  };
}
