import { type Kysely, sql } from 'kysely';

/**
 * Feeds that stay on their indexes once the database has statistics, and
 * price-sorted and free-only feeds that stay cheap as listings expire (ADR 031).
 *
 * - `posts_parent` leaves out top-level posts. Most posts are top-level, but
 *   SQLite's statistics count each NULL as a value of its own, so after
 *   ANALYZE (or PRAGMA optimize) its planner read "parent_id is null" as a few
 *   rows and fetched every top-level post through this index to sort them:
 *   48 ms a feed page over the bench's 100k posts instead of 0.2 ms.
 * - `posts_price` orders listings of one price newest first, as the feed now
 *   pages them: with the oldest first, a page of the cheapest walked thousands
 *   of expired free listings to find fifteen current ones (12 ms on
 *   PostgreSQL).
 * - `posts_price_recent` serves a price (free only above all) newest first
 *   without sorting every listing of that price.
 */
export function priceOrder() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const listings = sql<boolean>`parent_id is null and price is not null`;
      await db.schema.dropIndex('posts_parent').execute();
      await db.schema
        .createIndex('posts_parent')
        .on('posts')
        .columns(['parent_id', 'created_at'])
        .where(sql<boolean>`parent_id is not null`)
        .execute();
      await db.schema.dropIndex('posts_price').execute();
      await db.schema
        .createIndex('posts_price')
        .on('posts')
        .columns(['campus_id', 'price', 'id desc'])
        .where(listings)
        .execute();
      await db.schema
        .createIndex('posts_price_recent')
        .on('posts')
        .columns(['campus_id', 'price', 'updated_at', 'id'])
        .where(listings)
        .execute();
    },
  };
}
