import type { Campus } from '@common/campuses';
import {
  type createSavedSearchSchema,
  SAVED_SEARCHES_MAX,
  type SavedSearchDto,
  SEARCH_MESSAGES,
  type updateSavedSearchSchema,
} from '@common/schemas/search';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { badRequest, conflict } from '../../core/errors';
import * as savedSearchPolicy from '../../core/policies/saved-search';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { SearchService } from '../search/search.service';
import { presentSavedSearch } from './saved-searches.presenter';
import { type NewSavedSearch, savedSearchesRepository as saved } from './saved-searches.repository';
import { indexKeys, queryKey, savedTerms } from './saved-searches.terms';

export { createSavedSearchAlerts, type SavedSearchAlerts } from './saved-searches.alerts';

type CreateSavedSearch = z.output<typeof createSavedSearchSchema>;
type UpdateSavedSearch = z.output<typeof updateSavedSearchSchema>;

export interface SavedSearchesServiceDeps {
  db: Db;
  /** Reads a query as the index's terms when it is saved. */
  search: Pick<SearchService, 'terms'>;
  now?: () => number;
}

/** A student's saved searches on their campus: "Alert me", and the settings list (ADR 010). */
export interface SavedSearchesService {
  /** The viewer's saved searches of the campus. */
  list(user: UserRow | null, campus: Campus): Promise<{ items: SavedSearchDto[] }>;
  /** Saves the query with its tab and category; the same one twice is a 409. */
  create(user: UserRow | null, campus: Campus, body: CreateSavedSearch): Promise<SavedSearchDto>;
  /** Pauses, resumes or changes the e-mail of one of the viewer's searches. */
  update(
    user: UserRow | null,
    campus: Campus,
    id: string,
    patch: UpdateSavedSearch,
  ): Promise<SavedSearchDto>;
  /** Deletes one of the viewer's saved searches. */
  remove(user: UserRow | null, campus: Campus, id: string): Promise<void>;
}

/** Builds the SavedSearchesService. */
export function createSavedSearchesService({
  db,
  search,
  now = Date.now,
}: SavedSearchesServiceDeps): SavedSearchesService {
  async function insert(row: NewSavedSearch, keys: string[]): Promise<void> {
    try {
      await db.kysely.transaction().execute(async (trx) => {
        if ((await saved.count(trx, row.user_id)) >= SAVED_SEARCHES_MAX)
          throw conflict('too_many_alerts', SEARCH_MESSAGES.tooManyAlerts);
        await saved.insert(trx, row, keys);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('alert_exists', SEARCH_MESSAGES.alertExists);
      throw error;
    }
  }

  async function owned(user: UserRow | null, campus: Campus, id: string) {
    const row = await saved.find(db.kysely, id);
    savedSearchPolicy.canChange(user, campus, row);
    return row!;
  }

  return {
    async list(user: UserRow | null, campus: Campus): Promise<{ items: SavedSearchDto[] }> {
      savedSearchPolicy.canKeep(user, campus);
      const rows = await saved.list(db.kysely, user.id, campus.id);
      return { items: rows.map(presentSavedSearch) };
    },

    async create(
      user: UserRow | null,
      campus: Campus,
      body: CreateSavedSearch,
    ): Promise<SavedSearchDto> {
      savedSearchPolicy.canKeep(user, campus);
      const key = queryKey(body.query);
      if (!key) throw badRequest('empty_query', SEARCH_MESSAGES.tryKeywords);
      const terms = savedTerms(body.query, await search.terms(body.query));
      const at = now();
      const row = {
        id: uuidv7(),
        user_id: user.id,
        campus_id: campus.id,
        query: body.query,
        query_key: key,
        show: body.show,
        category: body.category ?? null,
        email: body.email,
        paused: false,
        terms: JSON.stringify(terms),
        last_mailed_at: null,
        // Free only says it all: a price range beside it would change nothing.
        min_price: body.free ? null : (body.minPrice ?? null),
        max_price: body.free ? null : (body.maxPrice ?? null),
        free: body.free,
        created_at: at,
        updated_at: at,
      };
      await insert(row, indexKeys(terms));
      return presentSavedSearch(row);
    },

    async update(
      user: UserRow | null,
      campus: Campus,
      id: string,
      patch: UpdateSavedSearch,
    ): Promise<SavedSearchDto> {
      const row = await owned(user, campus, id);
      await db.kysely.transaction().execute(async (trx) => {
        await saved.update(trx, id, { ...patch, updated_at: now() });
        // Matches held for an e-mail go when e-mail is turned off.
        if (patch.email === 'off') await saved.dropWaiting(trx, id);
      });
      return presentSavedSearch({ ...row, ...patch });
    },

    async remove(user: UserRow | null, campus: Campus, id: string): Promise<void> {
      await owned(user, campus, id);
      await saved.remove(db.kysely, id);
    },
  };
}
