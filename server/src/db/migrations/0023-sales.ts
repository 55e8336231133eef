import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * From a chat about a listing to a sale (docs/product/messages.md):
 * - `chats.listing_id` is the listing the chat is about now (pinned at its
 *   top); `messages.about_post_id` marks the message where the two students
 *   began to talk about a listing ("About: Walnut desk · $40").
 * - `offers`: an offer or a counter-offer on a listing, carried in the chat by
 *   its message as a meetup is. At most one open offer per buyer and listing
 *   (a partial unique index). `expires_at` is polled by the expiry job.
 * - `sales`: a listing marked sold, to whom (`buyer_id` null: "someone
 *   else"); the title and price are kept as they were, so a review outlives
 *   an edited or deleted listing.
 * - `reviews`: one per side of a sale; shown once both sides reviewed or 14
 *   days after the sale; `removed_at` set by a moderator.
 */
export function sales(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('chats')
        .addColumn('listing_id', 'text', (c) => c.references('posts.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('messages')
        .addColumn('about_post_id', 'text', (c) => c.references('posts.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('offers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('message_id', 'text', (c) =>
          c.notNull().unique().references('messages.id').onDelete('cascade'),
        )
        .addColumn('listing_id', 'text', (c) =>
          c.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('buyer_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('seller_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // Who made this one: the buyer, or the seller countering.
        .addColumn('from_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('note', 'text')
        // 'open' | 'accepted' | 'declined' | 'countered' | 'withdrawn' | 'expired'
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('counter_of', 'text', (c) => c.references('offers.id').onDelete('set null'))
        .addColumn('warnings', 'text')
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .addColumn('answered_at', time)
        .execute();
      await sql`create unique index offers_one_open on offers (listing_id, buyer_id) where status = 'open'`.execute(
        db,
      );
      await db.schema.createIndex('offers_chat').on('offers').column('chat_id').execute();
      await db.schema
        .createIndex('offers_due')
        .on('offers')
        .columns(['status', 'expires_at'])
        .execute();
      await db.schema
        .createTable('sales')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('listing_id', 'text', (c) =>
          c.unique().references('posts.id').onDelete('set null'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('price', 'integer')
        .addColumn('seller_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('buyer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sales_seller').on('sales').column('seller_id').execute();
      await db.schema.createIndex('sales_buyer').on('sales').column('buyer_id').execute();
      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sale_id', 'text', (c) => c.notNull().references('sales.id').onDelete('cascade'))
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('subject_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('stars', 'integer', (c) => c.notNull())
        // A JSON array of tag ids ("on-time", "as-described", "friendly", …).
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('removed_at', time)
        .addUniqueConstraint('reviews_one_per_side', ['sale_id', 'author_id'])
        .execute();
      await db.schema
        .createIndex('reviews_subject')
        .on('reviews')
        .columns(['subject_id', 'created_at'])
        .execute();
    },
  };
}
