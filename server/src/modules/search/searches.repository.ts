import { type SqlBool, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../../db/schema';

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The campus's queries with their counts, and each student's history
 * (docs/product/posts-and-listings.md, Search).
 */
export const searchesRepository = {
  /**
   * Counts a query: a new global query is added, a known one counted (every
   * search adds a total view; a student's first search of it a unique view,
   * their repeats a ghost view: ADR 009). The student's history gets it on
   * top. Returns the history entry and whether the global query existed.
   */
  async record(
    trx: Executor,
    args: { campusId: string; userId: string; text: string; now: number },
  ): Promise<{ entry: { id: string; text: string }; existed: boolean }> {
    const { campusId, userId, text, now } = args;
    let search = await trx
      .selectFrom('searches')
      .select('id')
      .where('campus_id', '=', campusId)
      .where('text', '=', text)
      .executeTakeFirst();
    const existed = search !== undefined;
    if (!search) {
      search = { id: uuidv7() };
      await trx
        .insertInto('searches')
        .values({
          id: search.id,
          campus_id: campusId,
          text,
          unique_views: 0,
          ghost_views: 0,
          total_views: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['campus_id', 'text']).doNothing())
        .execute();
      search = await trx
        .selectFrom('searches')
        .select('id')
        .where('campus_id', '=', campusId)
        .where('text', '=', text)
        .executeTakeFirstOrThrow();
    }
    const firstByUser = await addToHistory(trx, userId, search.id, text, now);
    await trx
      .updateTable('searches')
      .set((eb) => ({
        total_views: eb('total_views', '+', 1),
        unique_views: eb('unique_views', '+', firstByUser ? 1 : 0),
        ghost_views: eb('ghost_views', '+', firstByUser ? 0 : 1),
        updated_at: now,
      }))
      .where('id', '=', search.id)
      .execute();
    const entry = await trx
      .selectFrom('user_searches')
      .select(['id', 'text'])
      .where('user_id', '=', userId)
      .where('search_id', '=', search.id)
      .executeTakeFirstOrThrow();
    return { entry, existed };
  },

  /** The student's recent queries, newest first. */
  recent(db: Executor, userId: string, limit: number) {
    return db
      .selectFrom('user_searches')
      .select(['id', 'text'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The student's recent queries starting with `prefix`. */
  recentStarting(db: Executor, userId: string, prefix: string, limit: number) {
    return db
      .selectFrom('user_searches')
      .select('text')
      .where('user_id', '=', userId)
      .where(sql<SqlBool>`lower(text) like ${likePrefix(prefix)} escape '\\'`)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** Removes one entry of the student's history; false when it is not theirs. */
  async remove(db: Executor, userId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('user_searches')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async clear(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('user_searches').where('user_id', '=', userId).execute();
  },

  /**
   * The campus's most searched queries, by how many students searched each (a
   * student's repeats count once: their history holds a query once), shown from
   * `minStudents` on, none a moderator dropped.
   */
  popular(db: Executor, campusId: string, limit: number, minStudents: number) {
    return bySearchers(db, campusId, minStudents)
      .select(['s.id', 's.text'])
      .orderBy(searchers, 'desc')
      .orderBy('s.updated_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** The campus's popular queries starting with `prefix`, the most searched first. */
  popularStarting(
    db: Executor,
    campusId: string,
    prefix: string,
    limit: number,
    minStudents: number,
  ) {
    return bySearchers(db, campusId, minStudents)
      .where(sql<SqlBool>`s.text like ${likePrefix(prefix)} escape '\\'`)
      .select('s.text')
      .orderBy(searchers, 'desc')
      .limit(limit)
      .execute();
  },

  /** A moderator takes a query off the campus's lists for good; false when it is not the campus's. */
  async drop(db: Executor, campusId: string, id: string, at: number): Promise<boolean> {
    const result = await db
      .updateTable('searches')
      .set({ dropped_at: at })
      .where('id', '=', id)
      .where('campus_id', '=', campusId)
      .where('dropped_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};

/** How many students have the query in their history. */
const searchers = sql<number>`count(us.user_id)`;

/** The campus's queries not dropped, with the students who searched them, from `minStudents` on. */
function bySearchers(db: Executor, campusId: string, minStudents: number) {
  return db
    .selectFrom('searches as s')
    .innerJoin('user_searches as us', 'us.search_id', 's.id')
    .where('s.campus_id', '=', campusId)
    .where('s.dropped_at', 'is', null)
    .groupBy(['s.id', 's.text', 's.updated_at'])
    .having(searchers, '>=', minStudents);
}

/** Puts the query on top of the student's history; true when it is new to them. */
async function addToHistory(
  trx: Executor,
  userId: string,
  searchId: string,
  text: string,
  now: number,
): Promise<boolean> {
  // Newest first, even for two searches in one millisecond: after the student's latest.
  const latest = await trx
    .selectFrom('user_searches')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const at = Math.max(now, Number(latest?.at ?? 0) + 1);
  const updated = await trx
    .updateTable('user_searches')
    .set((eb) => ({ qty: eb('qty', '+', 1), updated_at: at, text }))
    .where('user_id', '=', userId)
    .where('search_id', '=', searchId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return false;
  await trx
    .insertInto('user_searches')
    .values({ id: uuidv7(), user_id: userId, search_id: searchId, text, qty: 1, updated_at: at })
    .execute();
  return true;
}
