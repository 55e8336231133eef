import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * The first data model (server/src/db/schema.ts), for both dialects. Column
 * types are written once; `time` is bigint on PostgreSQL (milliseconds overflow
 * int4).
 */
export function initial(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  const bool = 'boolean';
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('school_email', 'text', (c) => c.unique())
        .addColumn('grad_year', 'integer')
        .addColumn('phone', 'text')
        .addColumn('avatar_key', 'text')
        .addColumn('birth_year', 'integer')
        .addColumn('birth_month', 'integer')
        .addColumn('birth_day', 'integer')
        .addColumn('gender', 'text')
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('profile_set_up', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('getting_started', bool, (c) => c.notNull().defaultTo(true))
        .addColumn('verified', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('school_verified', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('individual'))
        .addColumn('email_notifications', bool, (c) => c.notNull().defaultTo(true))
        .addColumn('total_posts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password_hash', 'text')
        .addColumn('google_sub', 'text', (c) => c.unique())
        .addColumn('stripe_account_id', 'text')
        .addColumn('charges_enabled', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('payouts_enabled', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('stripe_onboarding_complete', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_login_window_start', time)
        .addColumn('locked_until', time)
        .addColumn('code_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('code_failure_window_start', time)
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('users_campus_created')
        .on('users')
        .columns(['campus_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .addColumn('last_seen_at', time, (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('auth_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('campus_id', 'text')
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .addColumn('used_at', time)
        .execute();
      await db.schema
        .createIndex('auth_tokens_email')
        .on('auth_tokens')
        .columns(['email', 'purpose'])
        .execute();

      await db.schema
        .createTable('verification_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('campus_id', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verification_codes_user')
        .on('verification_codes')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('posts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('parent_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
        .addColumn('root_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
        .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category', 'text')
        .addColumn('media_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('feed_score', real, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      const topLevel = sql<boolean>`parent_id is null`;
      await db.schema
        .createIndex('posts_feed')
        .on('posts')
        .columns(['campus_id', 'updated_at', 'id'])
        .where(topLevel)
        .execute();
      await db.schema
        .createIndex('posts_ranked')
        .on('posts')
        .columns(['campus_id', 'feed_score', 'updated_at', 'id'])
        .where(topLevel)
        .execute();
      await db.schema
        .createIndex('posts_category')
        .on('posts')
        .columns(['campus_id', 'category', 'updated_at', 'id'])
        .where(topLevel)
        .execute();
      await db.schema
        .createIndex('posts_media')
        .on('posts')
        .columns(['campus_id', 'media_count', 'updated_at', 'id'])
        .where(sql<boolean>`parent_id is null and media_count > 0`)
        .execute();
      await db.schema
        .createIndex('posts_parent')
        .on('posts')
        .columns(['parent_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('posts_root')
        .on('posts')
        .columns(['root_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('posts_author')
        .on('posts')
        .columns(['author_id', 'campus_id', 'updated_at'])
        .execute();

      await createMessagesTables(db, time);
      for (const [table, owner] of [
        ['post_media', 'post_id'],
        ['message_media', 'message_id'],
      ] as const) {
        const ownerTable = owner === 'post_id' ? 'posts.id' : 'messages.id';
        await db.schema
          .createTable(table)
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn(owner, 'text', (c) => c.references(ownerTable).onDelete('cascade'))
          .addColumn('owner_id', 'text', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('mime', 'text', (c) => c.notNull())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('bytes', 'integer', (c) => c.notNull())
          .addColumn('variants', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex(`${table}_owner`)
          .on(table)
          .columns([owner, 'position'])
          .execute();
        await db.schema
          .createIndex(`${table}_uploader`)
          .on(table)
          .columns(['owner_id', 'created_at'])
          .execute();
      }

      await db.schema
        .createTable('likes')
        .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('likes_pk', ['post_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('likes_user')
        .on('likes')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('to_user_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('from_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
        .addColumn('chat_id', 'text', (c) => c.references('chats.id').onDelete('cascade'))
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('read', bool, (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_to')
        .on('notifications')
        .columns(['to_user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('notifications_unread')
        .on('notifications')
        .columns(['to_user_id', 'read'])
        .execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', time, (c) => c.notNull())
        .addColumn('sent_at', time)
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['sent_at', 'next_attempt_at'])
        .execute();

      await db.schema
        .createTable('searches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('unique_views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ghost_views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .addUniqueConstraint('searches_campus_text', ['campus_id', 'text'])
        .execute();
      await db.schema
        .createIndex('searches_popular')
        .on('searches')
        .columns(['campus_id', 'total_views'])
        .execute();

      await db.schema
        .createTable('user_searches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('search_id', 'text', (c) =>
          c.notNull().references('searches.id').onDelete('cascade'),
        )
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', time, (c) => c.notNull())
        .addUniqueConstraint('user_searches_user_search', ['user_id', 'search_id'])
        .execute();
      await db.schema
        .createIndex('user_searches_recent')
        .on('user_searches')
        .columns(['user_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reporter_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('target_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('target_post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('campus_id', 'text')
        .addColumn('props', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('events_name')
        .on('events')
        .columns(['name', 'created_at'])
        .execute();

      await createSearchStructures(db, dialect);
    },
  };
}

async function createMessagesTables(db: Kysely<unknown>, time: string): Promise<void> {
  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_low', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_high', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('last_message_text', 'text')
    .addColumn('last_message_id', 'text')
    .addColumn('created_at', time as 'bigint', (c) => c.notNull())
    .addColumn('updated_at', time as 'bigint', (c) => c.notNull())
    .addUniqueConstraint('chats_pair', ['user_low', 'user_high'])
    .execute();
  await db.schema
    .createIndex('chats_low')
    .on('chats')
    .columns(['user_low', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('chats_high')
    .on('chats')
    .columns(['user_high', 'updated_at'])
    .execute();

  await db.schema
    .createTable('chat_unread')
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('chat_unread_pk', ['chat_id', 'user_id'])
    .execute();
  await db.schema.createIndex('chat_unread_user').on('chat_unread').column('user_id').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shared_post_id', 'text', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('media_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time as 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_chat')
    .on('messages')
    .columns(['chat_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_hearts')
    .addColumn('message_id', 'text', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time as 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_hearts_pk', ['message_id', 'user_id'])
    .execute();
}

/**
 * Full-text search: FTS5 tables kept in step by triggers on SQLite; a stored
 * tsvector with a GIN index plus trigram indexes on PostgreSQL.
 */
async function createSearchStructures(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // The FTS rowid is the base table's rowid, so deletes and updates are
    // lookups by key. Quad never runs VACUUM, which could renumber rowids.
    await sql`create virtual table posts_fts using fts5(text, tokenize = 'porter unicode61')`.execute(
      db,
    );
    await sql`create trigger posts_fts_insert after insert on posts begin
      insert into posts_fts(rowid, text) values (new.rowid, new.text); end`.execute(db);
    await sql`create trigger posts_fts_update after update of text on posts begin
      update posts_fts set text = new.text where rowid = old.rowid; end`.execute(db);
    await sql`create trigger posts_fts_delete after delete on posts begin
      delete from posts_fts where rowid = old.rowid; end`.execute(db);

    await sql`create virtual table users_fts using fts5(name, username, tokenize = 'unicode61')`.execute(
      db,
    );
    await sql`create trigger users_fts_insert after insert on users begin
      insert into users_fts(rowid, name, username)
      values (new.rowid, new.first_name || ' ' || new.last_name, new.username); end`.execute(db);
    await sql`create trigger users_fts_update after update of first_name, last_name, username on users begin
      update users_fts set name = new.first_name || ' ' || new.last_name, username = new.username
      where rowid = old.rowid; end`.execute(db);
    await sql`create trigger users_fts_delete after delete on users begin
      delete from users_fts where rowid = old.rowid; end`.execute(db);
    return;
  }
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table posts add column search tsvector
    generated always as (to_tsvector('english', coalesce(text, ''))) stored`.execute(db);
  await sql`create index posts_search on posts using gin (search)`.execute(db);
  await sql`create index users_name_trgm on users
    using gin ((first_name || ' ' || last_name || ' ' || username) gin_trgm_ops)`.execute(db);
  await sql`create index searches_text_trgm on searches using gin (text gin_trgm_ops)`.execute(db);
}
