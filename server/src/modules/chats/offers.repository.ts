import type { Executor, Insertable, OffersTable, Selectable } from '../../db/schema';

export type OfferRow = Selectable<OffersTable>;

/** A listing as a chat pins it and an offer checks it. */
export interface ListingRow {
  id: string;
  campus_id: string;
  author_id: string;
  parent_id: string | null;
  text: string;
  price: number | null;
  obo: boolean | number;
  status: string;
  image_key: string | null;
}

/** The only SQL over offers and a chat's listing (ADR 051). */
export const offersRepository = {
  async insert(db: Executor, row: Insertable<OffersTable>): Promise<void> {
    await db.insertInto('offers').values(row).execute();
  },

  find(db: Executor, id: string): Promise<OfferRow | undefined> {
    return db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The offers these messages carry, by message id: one query for a page. */
  async forMessages(db: Executor, messageIds: string[]): Promise<Map<string, OfferRow>> {
    if (messageIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('offers')
      .selectAll()
      .where('message_id', 'in', messageIds)
      .execute();
    return new Map(rows.map((r) => [r.message_id, r]));
  },

  /** The buyer's open offer on the listing, if any (the partial unique index allows one). */
  openOf(db: Executor, listingId: string, buyerId: string): Promise<OfferRow | undefined> {
    return db
      .selectFrom('offers')
      .selectAll()
      .where('listing_id', '=', listingId)
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .executeTakeFirst();
  },

  /** Every open offer on the listing (one per buyer), oldest first. */
  openOn(db: Executor, listingId: string): Promise<OfferRow[]> {
    return db
      .selectFrom('offers')
      .selectAll()
      .where('listing_id', '=', listingId)
      .where('status', '=', 'open')
      .orderBy('created_at')
      .execute();
  },

  /** Moves an open offer to `status`; false when another request (or the job) moved it first. */
  async close(db: Executor, id: string, status: string, at: number): Promise<boolean> {
    const result = await db
      .updateTable('offers')
      .set({ status, answered_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Open offers past their 48 hours. */
  due(db: Executor, at: number, limit: number): Promise<OfferRow[]> {
    return db
      .selectFrom('offers')
      .selectAll()
      .where('status', '=', 'open')
      .where('expires_at', '<=', at)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  },

  /** A listing (a top-level post) with its first photo's key. */
  listing(db: Executor, id: string): Promise<ListingRow | undefined> {
    return db
      .selectFrom('posts as p')
      .select([
        'p.id',
        'p.campus_id',
        'p.author_id',
        'p.parent_id',
        'p.text',
        'p.price',
        'p.obo',
        'p.status',
        (eb) =>
          eb
            .selectFrom('post_media as pm')
            .select('pm.key')
            .whereRef('pm.post_id', '=', 'p.id')
            .where('pm.kind', '=', 'image')
            .orderBy('pm.position')
            .limit(1)
            .as('image_key'),
      ])
      .where('p.id', '=', id)
      .executeTakeFirst();
  },

  /** An accepted offer holds the listing: "Pending". */
  async markPending(db: Executor, listingId: string, at: number): Promise<void> {
    await db
      .updateTable('posts')
      .set({ status: 'pending', updated_at: at })
      .where('id', '=', listingId)
      .where('status', '=', 'available')
      .execute();
  },

  async pin(db: Executor, chatId: string, listingId: string | null): Promise<void> {
    await db.updateTable('chats').set({ listing_id: listingId }).where('id', '=', chatId).execute();
  },

  /** The latest message that turned the chat to a listing: where the chat's current topic began. */
  lastAbout(db: Executor, chatId: string) {
    return db
      .selectFrom('messages')
      .select(['id', 'about_post_id', 'created_at'])
      .where('chat_id', '=', chatId)
      .where('about_post_id', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** Whether `userId` wrote in the chat since `at`. */
  async wroteSince(db: Executor, chatId: string, userId: string, at: number): Promise<boolean> {
    const row = await db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('sender_id', '=', userId)
      .where('created_at', '>=', at)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
