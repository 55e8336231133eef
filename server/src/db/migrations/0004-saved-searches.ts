import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Saved searches with alerts (ADR 010): each search, its terms indexed by
 * campus so a new post finds only the searches that could match it, and the
 * matches waiting for an e-mail (a daily digest, or the hour of an instant
 * alert's throttle).
 */
export function savedSearches(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('saved_searches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        // The query's words, normalised: "Desk!" and "desk" are the same search.
        .addColumn('query_key', 'text', (c) => c.notNull())
        .addColumn('show', 'text', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('paused', bool, (c) => c.notNull().defaultTo(false))
        // JSON QueryTerm[] resolved when saved: what a new post must match.
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('last_mailed_at', time)
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await sql`create unique index saved_searches_unique
        on saved_searches (user_id, query_key, show, coalesce(category, ''))`.execute(db);

      await db.schema
        .createTable('saved_search_terms')
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('saved_search_id', 'text', (c) =>
          c.notNull().references('saved_searches.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('saved_search_terms_pk', ['campus_id', 'term', 'saved_search_id'])
        .execute();
      await db.schema
        .createIndex('saved_search_terms_search')
        .on('saved_search_terms')
        .column('saved_search_id')
        .execute();

      await db.schema
        .createTable('saved_search_matches')
        .addColumn('saved_search_id', 'text', (c) =>
          c.notNull().references('saved_searches.id').onDelete('cascade'),
        )
        .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('saved_search_matches_pk', ['saved_search_id', 'post_id'])
        .execute();
      await db.schema
        .createIndex('saved_search_matches_user')
        .on('saved_search_matches')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('saved_search_matches_post')
        .on('saved_search_matches')
        .column('post_id')
        .execute();
    },
  };
}
