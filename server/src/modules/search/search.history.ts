import type { Campus } from '@common/campuses';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { SEARCH_MESSAGES } from '@common/schemas/search';
import { notFound } from '../../core/errors';
import * as campusPolicy from '../../core/policies/campus';
import * as moderationPolicy from '../../core/policies/moderation';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { plain } from './search.text';
import { searchesRepository as searches } from './searches.repository';

const RECENT_SHOWN = 10;
const POPULAR_FETCHED = 14;
/**
 * A query is the campus's (popular, suggested) once this many students have
 * searched it: one student repeating a phone number or a scam address 120
 * times writes nothing on everyone's list (ADR 040).
 */
export const POPULAR_MIN_STUDENTS = 3;

/** A query as the campus's list keeps it: trimmed, single spaces, lower case. */
export const queryText = (q: string) => plain(q).trim().replace(/\s+/g, ' ').toLowerCase();

export interface SearchHistoryDeps {
  db: Db;
  now: () => number;
  /** Who moderates each campus: they drop a popular query. */
  moderators: moderationPolicy.Moderators;
  /** Forgets what the campus's suggestions kept, on every server. */
  forget: (campusId: string) => void;
}

/** The campus's queries and each student's history (docs/product/posts-and-listings.md, Search). */
export function createSearchHistory({ db, now, moderators, forget }: SearchHistoryDeps) {
  return {
    /** The campus's 14 queries the most students searched. */
    async popular(user: UserRow | null, campus: Campus) {
      campusPolicy.canRead(user, campus);
      return {
        items: await searches.popular(db.kysely, campus.id, POPULAR_FETCHED, POPULAR_MIN_STUDENTS),
      };
    },

    /** A moderator drops a query from the campus's popular searches and suggestions for good. */
    async dropPopular(user: UserRow | null, campus: Campus, id: string) {
      moderationPolicy.canModerate(user, campus, moderators);
      if (!(await searches.drop(db.kysely, campus.id, id, now())))
        throw notFound('search_not_found', MODERATION_MESSAGES.searchGone);
      forget(campus.id);
      return { message: MODERATION_MESSAGES.searchDropped };
    },

    /** The viewer's recent queries, newest first. */
    async recent(user: UserRow | null, campus: Campus) {
      campusPolicy.canRead(user, campus);
      return { items: await searches.recent(db.kysely, user.id, RECENT_SHOWN) };
    },

    /**
     * Counts a search: empty queries are ignored; a query the campus already
     * had is counted, not added, and says so.
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
