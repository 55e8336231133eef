import type { SavedSearchDto } from '@common/schemas/search';
import type { SavedSearchRow } from './saved-searches.repository';

/** A saved search as the API shows it. */
export function presentSavedSearch(row: SavedSearchRow): SavedSearchDto {
  return {
    id: row.id,
    query: row.query,
    show: row.show as SavedSearchDto['show'],
    category: row.category as SavedSearchDto['category'],
    email: row.email as SavedSearchDto['email'],
    paused: Boolean(row.paused),
    minPrice: row.min_price,
    maxPrice: row.max_price,
    free: Boolean(row.free),
    createdAt: row.created_at,
  };
}
