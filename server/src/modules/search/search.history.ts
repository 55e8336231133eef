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

/** A query of a list: the campus's popular ones or a student's recent ones. */
export interface SearchEntry {
  id: string;
  text: string;
}

/** The campus's queries and each student's history. */
export interface SearchHistory {
  /** The campus's 14 queries the most students searched. */
  popular(user: UserRow | null, campus: Campus): Promise<{ items: SearchEntry[] }>;
  /** A moderator drops a query from the campus's popular searches and suggestions for good. */
  dropPopular(user: UserRow | null, campus: Campus, id: string): Promise<{ message: string }>;
  /** The viewer's recent queries, newest first. */
  recent(user: UserRow | null, campus: Campus): Promise<{ items: SearchEntry[] }>;
  /**
   * Counts a search: empty queries are ignored; a query the campus already
   * had is counted, not added, and says so.
   */
  record(
    user: UserRow | null,
    campus: Campus,
    raw: string,
  ): Promise<{ search: SearchEntry | null; message: string | null }>;
  /** "Recent Search Removed". */
  removeRecent(user: UserRow | null, campus: Campus, id: string): Promise<void>;
  /** "Search History Cleared". */
  clearRecent(user: UserRow | null, campus: Campus): Promise<void>;
}

/** Builds the search history of the campus and of each student. */
export function createSearchHistory({
  db,
  now,
  moderators,
  forget,
}: SearchHistoryDeps): SearchHistory {
  return {
    async popular(user: UserRow | null, campus: Campus) {
      campusPolicy.canRead(user, campus);
      return {
        items: await searches.popular(db.kysely, campus.id, POPULAR_FETCHED, POPULAR_MIN_STUDENTS),
      };
    },

    async dropPopular(user: UserRow | null, campus: Campus, id: string) {
      moderationPolicy.canModerate(user, campus, moderators);
      if (!(await searches.drop(db.kysely, campus.id, id, now())))
        throw notFound('search_not_found', MODERATION_MESSAGES.searchGone);
      forget(campus.id);
      return { message: MODERATION_MESSAGES.searchDropped };
    },

    async recent(user: UserRow | null, campus: Campus) {
      campusPolicy.canRead(user, campus);
      return { items: await searches.recent(db.kysely, user.id, RECENT_SHOWN) };
    },

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

    async removeRecent(user: UserRow | null, campus: Campus, id: string): Promise<void> {
      campusPolicy.canRead(user, campus);
      if (!(await searches.remove(db.kysely, user.id, id))) {
        throw notFound('not_found', 'That search is not in your history.');
      }
    },

    async clearRecent(user: UserRow | null, campus: Campus): Promise<void> {
      campusPolicy.canRead(user, campus);
      await searches.clear(db.kysely, user.id);
    },
  };
}
