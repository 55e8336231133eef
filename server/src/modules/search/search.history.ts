import type { Campus } from '@common/campuses';
import { SEARCH_MESSAGES } from '@common/schemas/search';
import { notFound } from '../../core/errors';
import * as campusPolicy from '../../core/policies/campus';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { plain } from './search.text';
import { searchesRepository as searches } from './searches.repository';

const RECENT_SHOWN = 10;
const POPULAR_FETCHED = 14;

/** A query as the campus's list keeps it: trimmed, single spaces, lower case. */
export const queryText = (q: string) => plain(q).trim().replace(/\s+/g, ' ').toLowerCase();

/** The campus's queries and each student's history (spec core §3, §4 "Search", §7). */
export function createSearchHistory({ db, now }: { db: Db; now: () => number }) {
  return {
    /** Spec core §7: the campus's 14 most viewed queries. */
    async popular(user: UserRow | null, campus: Campus) {
      campusPolicy.canRead(user, campus);
      return { items: await searches.popular(db.kysely, campus.id, POPULAR_FETCHED) };
    },

    /** The viewer's recent queries, newest first. */
    async recent(user: UserRow | null, campus: Campus) {
      campusPolicy.canRead(user, campus);
      return { items: await searches.recent(db.kysely, user.id, RECENT_SHOWN) };
    },

    /**
     * Counts a search (spec core §4 "Search"): empty queries are ignored; a
     * query the campus already had is counted, not added, and says so.
     */
    async record(user: UserRow | null, campus: Campus, raw: string) {
      campusPolicy.canRead(user, campus);
      const text = queryText(raw);
      if (!text) return { search: null, message: null };
      const { entry, existed } = await db.kysely
        .transaction()
        .execute((trx) =>
          searches.record(trx, { campusId: campus.id, userId: user.id, text, now: now() }),
        );
      return { search: entry, message: existed ? SEARCH_MESSAGES.alreadyAdded : null };
    },

    /** "Recent Search Removed". */
    async removeRecent(user: UserRow | null, campus: Campus, id: string): Promise<void> {
      campusPolicy.canRead(user, campus);
      if (!(await searches.remove(db.kysely, user.id, id))) {
        throw notFound('not_found', 'That search is not in your history.');
      }
    },

    /** "Search History Cleared". */
    async clearRecent(user: UserRow | null, campus: Campus): Promise<void> {
      campusPolicy.canRead(user, campus);
      await searches.clear(db.kysely, user.id);
    },
  };
}
