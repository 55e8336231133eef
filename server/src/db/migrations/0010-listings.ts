import { type Kysely, sql } from 'kysely';

/**
 * Listings (ADR 023): a top-level post may ask a price in whole dollars (null:
 * a plain post), "or best offer" and a condition, and has a status (available,
 * pending, sold). Sorting by price pages through `posts_price` on (campus,
 * price, id) of the listings that have one.
 */
export function listings() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('posts').addColumn('price', 'integer').execute();
      await db.schema
        .alterTable('posts')
        .addColumn('obo', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema.alterTable('posts').addColumn('condition', 'text').execute();
      await db.schema
        .alterTable('posts')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
        .execute();
      await db.schema
        .createIndex('posts_price')
        .on('posts')
        .columns(['campus_id', 'price', 'id'])
        .where(sql<boolean>`parent_id is null and price is not null`)
        .execute();
    },
  };
}
