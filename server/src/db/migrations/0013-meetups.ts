import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Safer meetups (ADR 026): a listing's pick-up spot, and meetups suggested in
 * chats with the time of their reminder. A spot is an id of the campus's file
 * in common/meetup-spots (no table: operators edit the files). `remind_at` is
 * polled by the reminder job; `reminded_at` is set once, by whichever server
 * claims the row first.
 */
export function meetups(dialect: Dialect) {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('posts').addColumn('spot_id', 'text').execute();
      await db.schema
        .createTable('meetups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('message_id', 'text', (c) =>
          c.notNull().unique().references('messages.id').onDelete('cascade'),
        )
        .addColumn('proposer_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('campus_id', 'text', (c) => c.notNull())
        .addColumn('spot_id', 'text', (c) => c.notNull())
        .addColumn('at', time, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('proposed'))
        .addColumn('remind_at', time, (c) => c.notNull())
        .addColumn('reminded_at', time)
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('meetups_due')
        .on('meetups')
        .columns(['status', 'remind_at'])
        .execute();
    },
  };
}
