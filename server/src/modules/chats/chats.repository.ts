import { type Expression, type SqlBool, sql } from 'kysely';
import type { Keyset } from '../../core/cursor';
import type { ChatsTable, Executor, Insertable, MessagesTable, Selectable } from '../../db/schema';

export type ChatRow = Selectable<ChatsTable>;
export type MessageRow = Selectable<MessagesTable>;

/** A chat as one participant sees it: the other student's columns and both unread flags. */
export interface ChatForViewer extends ChatRow {
  other_id: string;
  other_username: string;
  other_first_name: string;
  other_last_name: string;
  other_avatar_key: string | null;
  other_school_verified: boolean | number;
  /** Non-null when the viewer has unseen messages. */
  viewer_unread: string | null;
  /** Non-null when the other student has unseen messages. */
  other_unread: string | null;
  /** The pinned listing's columns (ADR 051), null when none. */
  listing_text: string | null;
  listing_price: number | null;
  listing_obo: boolean | number | null;
  listing_status: string | null;
  listing_author_id: string | null;
  listing_image_key: string | null;
}

/** A message with its shared post's card columns and its meetup's (ADR 026), from one join. */
export interface MessageWithPost extends MessageRow {
  shared_text: string | null;
  shared_first_name: string | null;
  meetup_id: string | null;
  meetup_campus_id: string | null;
  meetup_spot_id: string | null;
  meetup_at: number | null;
  meetup_status: string | null;
  meetup_proposer_id: string | null;
  about_text: string | null;
  about_price: number | null;
  about_obo: boolean | number | null;
  about_status: string | null;
  about_author_id: string | null;
}

const pair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

function chatsForViewer(db: Executor, viewerId: string) {
  const other = sql<string>`case when chats.user_low = ${viewerId} then chats.user_high else chats.user_low end`;
  return db
    .selectFrom('chats')
    .innerJoin('users as o', (join) => join.on(sql<SqlBool>`o.id = ${other}`))
    .leftJoin('chat_unread as vu', (join) =>
      join.onRef('vu.chat_id', '=', 'chats.id').on('vu.user_id', '=', viewerId),
    )
    .leftJoin('chat_unread as ou', (join) =>
      join.onRef('ou.chat_id', '=', 'chats.id').onRef('ou.user_id', '=', 'o.id'),
    )
    .leftJoin('posts as lp', 'lp.id', 'chats.listing_id')
    .selectAll('chats')
    .select([
      'o.id as other_id',
      'o.username as other_username',
      'o.first_name as other_first_name',
      'o.last_name as other_last_name',
      'o.avatar_key as other_avatar_key',
      'o.school_verified as other_school_verified',
      'vu.user_id as viewer_unread',
      'ou.user_id as other_unread',
      'lp.text as listing_text',
      'lp.price as listing_price',
      'lp.obo as listing_obo',
      'lp.status as listing_status',
      'lp.author_id as listing_author_id',
      (eb) =>
        eb
          .selectFrom('post_media as pm')
          .select('pm.key')
          .whereRef('pm.post_id', '=', 'lp.id')
          .where('pm.kind', '=', 'image')
          .orderBy('pm.position')
          .limit(1)
          .as('listing_image_key'),
    ]);
}

function messagesWithPost(db: Executor) {
  return db
    .selectFrom('messages as m')
    .leftJoin('posts as sp', 'sp.id', 'm.shared_post_id')
    .leftJoin('users as su', 'su.id', 'sp.author_id')
    .leftJoin('meetups as mt', 'mt.message_id', 'm.id')
    .leftJoin('posts as ap', 'ap.id', 'm.about_post_id')
    .selectAll('m')
    .select([
      'sp.text as shared_text',
      'su.first_name as shared_first_name',
      'mt.id as meetup_id',
      'mt.campus_id as meetup_campus_id',
      'mt.spot_id as meetup_spot_id',
      'mt.at as meetup_at',
      'mt.status as meetup_status',
      'mt.proposer_id as meetup_proposer_id',
      'ap.text as about_text',
      'ap.price as about_price',
      'ap.obo as about_obo',
      'ap.status as about_status',
      'ap.author_id as about_author_id',
    ]);
}

function before(at: Expression<number>, id: Expression<string>, cursor: Keyset) {
  return sql<SqlBool>`(${at} < ${cursor.at} or (${at} = ${cursor.at} and ${id} < ${cursor.id}))`;
}

/** The only SQL over chats, their messages, hearts and unread marks. */
export const chatsRepository = {
  find(db: Executor, id: string): Promise<ChatRow | undefined> {
    return db.selectFrom('chats').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The chat between two students, whichever of them started it. */
  findPair(db: Executor, a: string, b: string): Promise<ChatRow | undefined> {
    const [low, high] = pair(a, b);
    return db
      .selectFrom('chats')
      .selectAll()
      .where('user_low', '=', low)
      .where('user_high', '=', high)
      .executeTakeFirst();
  },

  /** Inserts the pair's chat unless one exists (a concurrent start); true when this one was new. */
  async insertPair(
    db: Executor,
    row: Omit<Insertable<ChatsTable>, 'user_low' | 'user_high'>,
    a: string,
    b: string,
  ): Promise<boolean> {
    const [user_low, user_high] = pair(a, b);
    const result = await db
      .insertInto('chats')
      .values({ ...row, user_low, user_high })
      .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  findForViewer(db: Executor, id: string, viewerId: string): Promise<ChatForViewer | undefined> {
    return chatsForViewer(db, viewerId).where('chats.id', '=', id).executeTakeFirst();
  },

  /** The viewer's chats, newest activity first. */
  listForViewer(
    db: Executor,
    viewerId: string,
    limit: number,
    cursor?: Keyset,
  ): Promise<ChatForViewer[]> {
    let query = chatsForViewer(db, viewerId).where((eb) =>
      eb.or([eb('chats.user_low', '=', viewerId), eb('chats.user_high', '=', viewerId)]),
    );
    if (cursor)
      query = query.where(before(sql.ref('chats.updated_at'), sql.ref('chats.id'), cursor));
    return query
      .orderBy('chats.updated_at', 'desc')
      .orderBy('chats.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** A student someone may start a conversation with. */
  findStudent(db: Executor, id: string) {
    return db
      .selectFrom('users')
      .select(['id', 'campus_id', 'school_verified'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** A page of the chat's messages, newest first. */
  messages(
    db: Executor,
    chatId: string,
    limit: number,
    cursor?: Keyset,
  ): Promise<MessageWithPost[]> {
    let query = messagesWithPost(db).where('m.chat_id', '=', chatId);
    if (cursor) query = query.where(before(sql.ref('m.created_at'), sql.ref('m.id'), cursor));
    return query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  },

  findMessageWithPost(db: Executor, id: string): Promise<MessageWithPost | undefined> {
    return messagesWithPost(db).where('m.id', '=', id).executeTakeFirst();
  },

  findMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
    return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The student has written in this chat before. */
  async hasWritten(db: Executor, chatId: string, senderId: string): Promise<boolean> {
    const row = await db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('sender_id', '=', senderId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insertMessage(db: Executor, row: Insertable<MessagesTable>): Promise<void> {
    await db.insertInto('messages').values(row).execute();
  },

  /** The chat's last-message line and its place in both inboxes. */
  async setLastMessage(
    db: Executor,
    chatId: string,
    text: string,
    messageId: string,
    at: number,
  ): Promise<void> {
    await db
      .updateTable('chats')
      .set({ last_message_text: text, last_message_id: messageId, updated_at: at })
      .where('id', '=', chatId)
      .execute();
  },

  /** A moderator's removal (ADR 025): the message keeps its place, its words are replaced. */
  async redactMessage(db: Executor, messageId: string, text: string): Promise<void> {
    await db
      .updateTable('messages')
      .set({ text, warnings: null, shared_post_id: null, media_count: 0 })
      .where('id', '=', messageId)
      .execute();
    await db
      .updateTable('chats')
      .set({ last_message_text: text })
      .where('last_message_id', '=', messageId)
      .execute();
  },

  async markUnread(db: Executor, chatId: string, userId: string): Promise<void> {
    await db
      .insertInto('chat_unread')
      .values({ chat_id: chatId, user_id: userId })
      .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doNothing())
      .execute();
  },

  /** True when the chat had unseen messages for the user. */
  async markRead(db: Executor, chatId: string, userId: string): Promise<boolean> {
    const result = await db
      .deleteFrom('chat_unread')
      .where('chat_id', '=', chatId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async addHeart(db: Executor, messageId: string, userId: string, at: number): Promise<void> {
    await db
      .insertInto('message_hearts')
      .values({ message_id: messageId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
  },

  async removeHeart(db: Executor, messageId: string, userId: string): Promise<void> {
    await db
      .deleteFrom('message_hearts')
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .execute();
  },

  /** Hearts per message, and which of them the viewer gave: one query for a page. */
  async hearts(
    db: Executor,
    messageIds: string[],
    viewerId: string,
  ): Promise<{ counts: Map<string, number>; mine: Set<string> }> {
    const counts = new Map<string, number>();
    const mine = new Set<string>();
    if (messageIds.length === 0) return { counts, mine };
    const rows = await db
      .selectFrom('message_hearts')
      .select(['message_id', 'user_id'])
      .where('message_id', 'in', messageIds)
      .execute();
    for (const row of rows) {
      counts.set(row.message_id, (counts.get(row.message_id) ?? 0) + 1);
      if (row.user_id === viewerId) mine.add(row.message_id);
    }
    return { counts, mine };
  },

  /** The chat and everything in it (messages, hearts, unread marks, photos' rows: cascades). */
  async deleteChat(db: Executor, chatId: string): Promise<void> {
    await db.deleteFrom('messages').where('chat_id', '=', chatId).execute();
    await db.deleteFrom('chats').where('id', '=', chatId).execute();
  },

  /** School-verified students of a campus whose name or @username starts with `q`. */
  members(db: Executor, campusId: string, q: string, excludeIds: string[], limit: number) {
    const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const starts = (column: 'u.username' | 'u.first_name' | 'u.last_name') =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${prefix} escape '\\'`;
    const full = sql<SqlBool>`lower(u.first_name || ' ' || u.last_name) like ${prefix} escape '\\'`;
    return db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.avatar_key',
        'u.school_verified',
      ])
      .where('u.campus_id', '=', campusId)
      .where('u.school_verified', '=', true)
      .where('u.id', 'not in', excludeIds)
      .where((eb) =>
        eb.or([starts('u.username'), starts('u.first_name'), starts('u.last_name'), full]),
      )
      .orderBy('u.first_name')
      .orderBy('u.id')
      .limit(limit)
      .execute();
  },
};
