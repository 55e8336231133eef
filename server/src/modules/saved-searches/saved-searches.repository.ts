import type { Executor, Insertable, SavedSearchesTable, Selectable } from '../../db/schema';

export type SavedSearchRow = Selectable<SavedSearchesTable>;
export type NewSavedSearch = Insertable<SavedSearchesTable>;

/** A saved search that may match a new post, with what alerting its owner needs. */
export interface CandidateSearch {
  id: string;
  user_id: string;
  query: string;
  show: string;
  category: string | null;
  email: string;
  terms: string;
  min_price: number | null;
  max_price: number | null;
  free: boolean | number;
  email_notifications: boolean | number;
}

/** A match waiting for an e-mail, or taken from the waiting list to be e-mailed. */
export interface TakenMatch {
  saved_search_id: string;
  post_id: string;
  user_id: string;
  created_at: number;
}

/** The only SQL of saved searches. */
export const savedSearchesRepository = {
  list(db: Executor, userId: string, campusId: string): Promise<SavedSearchRow[]> {
    return db
      .selectFrom('saved_searches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('campus_id', '=', campusId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  async count(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Executor, id: string): Promise<SavedSearchRow | undefined> {
    return db.selectFrom('saved_searches').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The search and the keys of its terms, by which new posts find it. */
  async insert(db: Executor, row: NewSavedSearch, keys: string[]): Promise<void> {
    await db.insertInto('saved_searches').values(row).execute();
    await db
      .insertInto('saved_search_terms')
      .values(keys.map((term) => ({ campus_id: row.campus_id, term, saved_search_id: row.id })))
      .execute();
  },

  async update(
    db: Executor,
    id: string,
    patch: { paused?: boolean; email?: string; updated_at: number },
  ): Promise<void> {
    await db.updateTable('saved_searches').set(patch).where('id', '=', id).execute();
  },

  async remove(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('saved_searches').where('id', '=', id).execute();
  },

  /** Forgets the matches of a search that were waiting for an e-mail. */
  async dropWaiting(db: Executor, savedSearchId: string): Promise<void> {
    await db
      .deleteFrom('saved_search_matches')
      .where('saved_search_id', '=', savedSearchId)
      .execute();
  },

  /**
   * Searches of the campus with a term among `keys` (one indexed lookup per
   * key), not paused, not the author's, whose owner is still a
   * school-verified member of the campus.
   */
  candidates(
    db: Executor,
    post: { campusId: string; authorId: string },
    keys: string[],
  ): Promise<CandidateSearch[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return savedSearchesRepository.candidatesQuery(db, post, keys).execute();
  },

  /** The statement of `candidates`, for reading its plan. */
  candidatesQuery(db: Executor, post: { campusId: string; authorId: string }, keys: string[]) {
    return db
      .selectFrom('saved_search_terms as t')
      .innerJoin('saved_searches as s', 's.id', 't.saved_search_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.user_id',
        's.query',
        's.show',
        's.category',
        's.email',
        's.terms',
        's.min_price',
        's.max_price',
        's.free',
        'u.email_notifications',
      ])
      .distinct()
      .where('t.campus_id', '=', post.campusId)
      .where('t.term', 'in', keys)
      .where('s.paused', '=', false)
      .where('s.user_id', '<>', post.authorId)
      .where('u.campus_id', '=', post.campusId)
      .where('u.school_verified', '=', true);
  },

  /**
   * Takes the hour's one e-mail of a search: true for the one caller that
   * moved `last_mailed_at` (none mailed since `before`), false for all others.
   */
  async claimMail(db: Executor, id: string, at: number, before: number): Promise<boolean> {
    const result = await db
      .updateTable('saved_searches')
      .set({ last_mailed_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_mailed_at', 'is', null), eb('last_mailed_at', '<=', before)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async hold(db: Executor, rows: TakenMatch[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('saved_search_matches')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  /** Instant searches with held matches whose hour has passed. */
  async dueRollUps(db: Executor, before: number): Promise<string[]> {
    const rows = await db
      .selectFrom('saved_search_matches as m')
      .innerJoin('saved_searches as s', 's.id', 'm.saved_search_id')
      .select('s.id')
      .distinct()
      .where('s.email', '=', 'instant')
      .where((eb) =>
        eb.or([eb('s.last_mailed_at', 'is', null), eb('s.last_mailed_at', '<=', before)]),
      )
      .execute();
    return rows.map((r) => r.id);
  },

  /** Students whose oldest waiting match of a daily search is from `before` or earlier. */
  async dueDigests(db: Executor, before: number): Promise<string[]> {
    const rows = await db
      .selectFrom('saved_search_matches as m')
      .innerJoin('saved_searches as s', 's.id', 'm.saved_search_id')
      .select('m.user_id')
      .where('s.email', '=', 'daily')
      .groupBy('m.user_id')
      .having((eb) => eb.fn.min('m.created_at'), '<=', before)
      .execute();
    return rows.map((r) => r.user_id);
  },

  /** Removes and returns the waiting matches of one search (one caller gets them). */
  takeOfSearch(db: Executor, savedSearchId: string): Promise<TakenMatch[]> {
    return db
      .deleteFrom('saved_search_matches')
      .where('saved_search_id', '=', savedSearchId)
      .returningAll()
      .execute();
  },

  /** Removes and returns a student's waiting matches of daily searches. */
  takeDigest(db: Executor, userId: string): Promise<TakenMatch[]> {
    return db
      .deleteFrom('saved_search_matches')
      .where('user_id', '=', userId)
      .where('saved_search_id', 'in', (eb) =>
        eb
          .selectFrom('saved_searches')
          .select('id')
          .where('user_id', '=', userId)
          .where('email', '=', 'daily'),
      )
      .returningAll()
      .execute();
  },

  searchesByIds(db: Executor, ids: string[]): Promise<Pick<SavedSearchRow, 'id' | 'query'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('saved_searches').select(['id', 'query']).where('id', 'in', ids).execute();
  },

  /** The posts an e-mail quotes, newest first. */
  postsByIds(db: Executor, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('posts')
      .select(['id', 'text', 'created_at'])
      .where('id', 'in', ids)
      .orderBy('created_at', 'desc')
      .execute();
  },

  recipient(db: Executor, userId: string) {
    return db
      .selectFrom('users')
      .select(['id', 'email', 'campus_id', 'email_notifications'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },
};
