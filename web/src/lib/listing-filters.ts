import type { ListingFilter } from '@common/schemas/posts';

/** The URL query names of the price filters and sort (ADR 023), as the API takes them. */
const NAMES = ['minPrice', 'maxPrice', 'free', 'includeSold', 'sort'] as const;

const wholeDollars = (value: string | null) =>
  value !== null && /^\d+$/.test(value) ? Number(value) : undefined;

/** The filters in a page's URL query; anything malformed is left out. */
export function readListingFilter(params: URLSearchParams): ListingFilter {
  const filter: ListingFilter = {};
  const min = wholeDollars(params.get('minPrice'));
  const max = wholeDollars(params.get('maxPrice'));
  if (min !== undefined) filter.minPrice = min;
  if (max !== undefined) filter.maxPrice = max;
  if (params.get('free') === 'true') filter.free = true;
  if (params.get('includeSold') === 'true') filter.includeSold = true;
  if (params.get('sort') === 'price') filter.sort = 'price';
  return filter;
}

/** Whether any filter is on (an empty state then says the filters hid everything). */
export function hasListingFilter(filter: ListingFilter): boolean {
  return listingFilterQuery(filter) !== '';
}

/** The filters as query parameters ('' when none), in a fixed order: one cache key per filter. */
export function listingFilterQuery(filter: ListingFilter): string {
  const params = new URLSearchParams();
  writeListingFilter(params, filter);
  return params.toString();
}

/** Replaces the filters of `params` with `filter`. */
export function writeListingFilter(params: URLSearchParams, filter: ListingFilter): void {
  for (const name of NAMES) params.delete(name);
  if (filter.minPrice !== undefined) params.set('minPrice', String(filter.minPrice));
  if (filter.maxPrice !== undefined) params.set('maxPrice', String(filter.maxPrice));
  if (filter.free) params.set('free', 'true');
  if (filter.includeSold) params.set('includeSold', 'true');
  if (filter.sort === 'price') params.set('sort', 'price');
}
