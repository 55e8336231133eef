import type { Insertable, Selectable } from 'kysely';
import type { Executor, MediaColumns, PostMediaTable } from '../../db/schema';

export type PostMediaRow = Selectable<PostMediaTable>;
export type NewPostMedia = Insertable<PostMediaTable>;

/** One stored file of an upload: its blob key and pixel size (0 × 0 for videos: not probed). */
export interface StoredVariant {
  key: string;
  width: number;
  height: number;
}

/**
 * The `variants` column (JSON text). Images have all three sizes as WebP;
 * videos `original`, the uploaded file as it came, and once the browser sent
 * one, a poster frame at feed size and as a thumbnail (ADR 060).
 */
export interface MediaVariants {
  thumb?: StoredVariant;
  feed?: StoredVariant;
  original: StoredVariant;
  poster?: StoredVariant;
  posterThumb?: StoredVariant;
}

const OPTIONAL_VARIANTS = ['feed', 'thumb', 'poster', 'posterThumb'] as const;

/** The variants of a row; a row whose JSON is unreadable falls back to its main file. */
export function parseVariants(
  row: Pick<MediaColumns, 'key' | 'width' | 'height' | 'variants'>,
): MediaVariants {
  let parsed: Partial<MediaVariants> | null = null;
  try {
    parsed = JSON.parse(row.variants) as Partial<MediaVariants> | null;
  } catch {
    // Unreadable: the main file stands alone.
  }
  if (!parsed || !isVariant(parsed.original))
    return { original: { key: row.key, width: row.width, height: row.height } };
  const variants: MediaVariants = { original: parsed.original };
  for (const name of OPTIONAL_VARIANTS) {
    const variant = parsed[name];
    if (isVariant(variant)) variants[name] = variant;
  }
  return variants;
}

function isVariant(value: unknown): value is StoredVariant {
  const v = value as StoredVariant | undefined;
  return typeof v?.key === 'string' && typeof v.width === 'number' && typeof v.height === 'number';
}

/** The only SQL over uploaded post files. */
export const mediaRepository = {
  async insert(db: Executor, row: NewPostMedia): Promise<void> {
    await db.insertInto('post_media').values(row).execute();
  },

  find(db: Executor, id: string): Promise<PostMediaRow | undefined> {
    return db.selectFrom('post_media').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The files of these posts, in post order and then in the order the author chose. */
  listForPosts(db: Executor, postIds: readonly string[]): Promise<PostMediaRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('post_media')
      .selectAll()
      .where('post_id', 'in', [...new Set(postIds)])
      .orderBy('post_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  /** Uploads that no post took before `before` (an abandoned composer), oldest first. */
  unattachedBefore(db: Executor, before: number, limit: number): Promise<PostMediaRow[]> {
    return db
      .selectFrom('post_media')
      .selectAll()
      .where('post_id', 'is', null)
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  },

  /**
   * Gives the owner's unattached video its poster frame and length; false when
   * the row is not such a video (another's, posted already, a photo, gone).
   */
  async setPoster(
    db: Executor,
    id: string,
    ownerId: string,
    change: { variants: string; width: number; height: number; duration_ms: number | null },
  ): Promise<boolean> {
    const result = await db
      .updateTable('post_media')
      .set(change)
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('post_id', 'is', null)
      .where('kind', '=', 'video')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Removes these rows if they are still unattached (a post may have taken one meanwhile). */
  async deleteUnattached(db: Executor, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .deleteFrom('post_media')
      .where('id', 'in', [...ids])
      .where('post_id', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Moves an upload of the owner that no post took into a message (one photo
   * per message); returns how many moved.
   */
  async moveToMessage(
    db: Executor,
    ids: readonly string[],
    ownerId: string,
    messageId: string,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .deleteFrom('post_media')
      .where('id', 'in', [...ids])
      .where('owner_id', '=', ownerId)
      .where('post_id', 'is', null)
      .returningAll()
      .execute();
    if (rows.length > 0)
      await db
        .insertInto('message_media')
        .values(rows.map(({ post_id: _unused, ...row }) => ({ ...row, message_id: messageId })))
        .execute();
    return rows.length;
  },

  /** The photos of these messages. */
  listForMessages(db: Executor, messageIds: readonly string[]) {
    if (messageIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('message_media')
      .selectAll()
      .where('message_id', 'in', [...new Set(messageIds)])
      .orderBy('message_id')
      .orderBy('position')
      .execute();
  },

  /** Deletes the photo rows of one message; what they were, for deleting their files. */
  deleteForMessage(db: Executor, messageId: string) {
    return db
      .deleteFrom('message_media')
      .where('message_id', '=', messageId)
      .returningAll()
      .execute();
  },

  /** The photos of every message of a chat, for deleting their files with it. */
  listForChat(db: Executor, chatId: string) {
    return db
      .selectFrom('message_media')
      .innerJoin('messages', 'messages.id', 'message_media.message_id')
      .selectAll('message_media')
      .where('messages.chat_id', '=', chatId)
      .execute();
  },

  /** The photos of every chat a student is in. */
  listForChatsOf(db: Executor, userId: string) {
    return db
      .selectFrom('message_media')
      .innerJoin('messages', 'messages.id', 'message_media.message_id')
      .innerJoin('chats', 'chats.id', 'messages.chat_id')
      .selectAll('message_media')
      .where((eb) => eb.or([eb('chats.user_low', '=', userId), eb('chats.user_high', '=', userId)]))
      .execute();
  },

  /** The rows of these media ids, posts' and messages' alike (a file's folder is its media id). */
  async filesOfMedia(
    db: Executor,
    ids: readonly string[],
  ): Promise<Pick<MediaColumns, 'key' | 'width' | 'height' | 'variants'>[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const columns = ['key', 'width', 'height', 'variants'] as const;
    const [posts, messages] = await Promise.all([
      db.selectFrom('post_media').select(columns).where('id', 'in', unique).execute(),
      db.selectFrom('message_media').select(columns).where('id', 'in', unique).execute(),
    ]);
    return [...posts, ...messages];
  },

  /** Which of these keys are somebody's profile photo. */
  async avatarKeysAmong(db: Executor, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db
      .selectFrom('users')
      .select('avatar_key')
      .where('avatar_key', 'in', [...new Set(keys)])
      .execute();
    return new Set(rows.flatMap((r) => (r.avatar_key ? [r.avatar_key] : [])));
  },

  /** Every blob key these rows own (all variants), for deleting them from the store. */
  keysOf(rows: readonly Pick<MediaColumns, 'key' | 'width' | 'height' | 'variants'>[]): string[] {
    const keys = new Set<string>();
    for (const row of rows) {
      keys.add(row.key);
      const { thumb, feed, original, poster, posterThumb } = parseVariants(row);
      for (const variant of [thumb, feed, original, poster, posterThumb])
        if (variant) keys.add(variant.key);
    }
    return [...keys];
  },

  /** The bytes a student uploaded since `since`, and when the oldest of those uploads was. */
  async usageSince(
    db: Executor,
    userId: string,
    since: number,
  ): Promise<{ bytes: number; oldest: number | null }> {
    const row = await db
      .selectFrom('upload_usage')
      .select((eb) => [
        eb.fn.sum<number | string | null>('bytes').as('bytes'),
        eb.fn.min<number | null>('created_at').as('oldest'),
      ])
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return {
      bytes: Number(row.bytes ?? 0),
      oldest: row.oldest === null ? null : Number(row.oldest),
    };
  },

  /** Counts an upload against its student's limit. */
  async addUsage(
    db: Executor,
    row: { id: string; user_id: string; bytes: number; created_at: number },
  ): Promise<void> {
    await db.insertInto('upload_usage').values(row).execute();
  },

  /** Takes back an upload that was refused or not stored. */
  async removeUsage(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('upload_usage').where('id', '=', id).execute();
  },

  /** Removes usage older than `before`, which no longer counts; how many rows went. */
  async deleteUsageBefore(db: Executor, before: number): Promise<number> {
    const result = await db
      .deleteFrom('upload_usage')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
