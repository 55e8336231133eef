import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../kysely';

/** Fourteen days, in milliseconds: when the seller is asked "Did it sell?". */
const ASK_AFTER_MS = 14 * 24 * 60 * 60 * 1000;
/** Sixty days, in milliseconds: how long an untouched listing stays in the feed. */
const EXPIRE_AFTER_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * The listing's lifecycle (ADR 029): `ask_sold_at` is when the seller is due
 * the "Did it sell?" question (cleared by the server that claims it, so
 * `posts_ask_sold` holds only questions still to ask); `expires_at` is when a
 * listing nobody touched leaves the feed and search (null on plain posts and
 * comments); `bumped_at` the last bump or renewal. Listings of before are
 * counted from their posting.
 *
 * Saved searches keep the price filters of the search they were saved from (ADR
 * 023): the same words with other prices are another search.
 */
export function listingLifecycle(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('posts').addColumn('ask_sold_at', time).execute();
      await db.schema.alterTable('posts').addColumn('expires_at', time).execute();
      await db.schema.alterTable('posts').addColumn('bumped_at', time).execute();
      await sql`update posts set expires_at = created_at + ${sql.lit(EXPIRE_AFTER_MS)},
        ask_sold_at = case when status = 'sold' then null else created_at + ${sql.lit(ASK_AFTER_MS)} end
        where parent_id is null and price is not null`.execute(db);
      await db.schema
        .createIndex('posts_ask_sold')
        .on('posts')
        .column('ask_sold_at')
        .where(sql<boolean>`ask_sold_at is not null`)
        .execute();

      await db.schema.alterTable('saved_searches').addColumn('min_price', 'integer').execute();
      await db.schema.alterTable('saved_searches').addColumn('max_price', 'integer').execute();
      await db.schema
        .alterTable('saved_searches')
        .addColumn('free', bool, (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.dropIndex('saved_searches_unique').execute();
      await sql`create unique index saved_searches_unique
        on saved_searches (user_id, query_key, show, coalesce(category, ''),
          coalesce(min_price, -1), coalesce(max_price, -1), free)`.execute(db);
    },
  };
}
