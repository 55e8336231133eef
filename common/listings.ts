/**
 * Listings (ADR 023): a top-level post may carry a price
 * in whole dollars, "or best offer", a condition and a status.
 */

/** Highest price a listing may ask, in whole dollars. */
export const PRICE_MAX = 100_000;

/**
 * A whole number as en-US writes it: 1200 → "1,200". By hand rather than
 * `toLocaleString('en-US')`, whose first call loads the browser's number
 * formatting, a long task of its own on a phone's first page
 * (docs/benchmarks.md, Web).
 */
export function wholeNumber(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const CONDITIONS = ['new', 'like_new', 'good', 'fair', 'for_parts'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Record<Condition, string> = {
  new: 'New',
  like_new: 'Like new',
  good: 'Good',
  fair: 'Fair',
  for_parts: 'For parts',
};

export const LISTING_STATUSES = ['available', 'pending', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Quad's words for listings (ADR 023). */
export const LISTING_MESSAGES = {
  price: 'Price',
  obo: 'Or best offer',
  oboShort: 'OBO',
  condition: 'Condition',
  noCondition: 'Not a listing',
  free: 'Free',
  sold: 'Sold',
  pending: 'Pending',
  priceWhole: 'Enter the price in whole dollars.',
  priceNegative: 'The price cannot be below $0.',
  priceTooHigh: `The price can be at most $${wholeNumber(PRICE_MAX)}.`,
  oboNeedsPrice: '"Or best offer" needs a price.',
  notOnComments: 'Only a post can have a price or condition.',
  minAboveMax: 'The minimum price cannot be above the maximum.',
  nothingToChange: 'Nothing to change.',
  onlySeller: 'Only the seller can change this listing.',
  listingUpdated: 'Listing updated',
  markAvailable: 'Mark as available',
  markPending: 'Mark as pending',
  markSold: 'Mark as sold',
  editPrice: 'Edit price',
  savePrice: 'Save price',
  filters: 'Filters',
  minPrice: 'Min price ($)',
  maxPrice: 'Max price ($)',
  freeOnly: 'Free only',
  includeSold: 'Include sold',
  sortBy: 'Sort by',
  sortRecent: 'Newest activity',
  sortPrice: 'Price: low to high',
  applyFilters: 'Apply',
  clearFilters: 'Clear',
  /** Empty states when the filters hide everything (Quad's words, in the feed's voice). */
  nothingMatchesFilters: 'Nothing matches these filters - yet',
  noResultsWithFilters: (query: string) => `No results for "${query}" with these filters`,
  filtersHideHint: 'Try a wider price range, or clear the filters to see everything.',
  /** Search leaves sold listings out but says when some matched (ADR 050). */
  soldAlsoMatch: (count: number) =>
    count === 1 ? '1 sold listing also matches.' : `${count} sold listings also match.`,
  showSold: 'Show them',
  clearAllFilters: 'Clear filters',
  expired: 'Expired',
  renew: 'Renew listing',
  renewed: 'Listing renewed',
  bumped: 'Moved to the top of the feed',
  didItSell: 'Did it sell?',
  answerSold: 'Sold',
  answerStillAvailable: 'Still available',
  answerDelete: 'Delete',
  markedSold: 'Marked as sold',
  bumpedThisWeek: 'You can move a listing to the top once a week. Try again in a few days.',
  notRenewable: 'Only a listing with a price can be renewed.',
  soldNotRenewable: 'A sold listing stays sold: mark it available first.',
  /** The seller card of a listing's page (ADR 048). */
  seller: 'Seller',
  description: 'Description',
  markSoldTitle: 'Mark as sold?',
  markSoldText:
    'Buyers will see it as sold and it leaves the feed. You can mark it available again.',
  listingsSold: (n: number) => `${n} ${n === 1 ? 'listing' : 'listings'} sold`,
  priceDrop: (title: string, price: number) => `Price drop: ${title} is now ${formatPrice(price)}`,
} as const;

/** The seller is asked "Did it sell?" this long after posting (ADR 029). */
export const ASK_SOLD_AFTER_MS = 14 * 24 * 60 * 60 * 1000;
/** A listing nobody touched (no bump, renewal or edit) leaves the feed and search after this long. */
export const LISTING_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;
/** At most one bump ("Still available", Renew) per listing in this long. */
export const BUMP_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a listing has expired at `at` (ADR 029): the seller can renew it. */
export function isExpired(listing: { expiresAt: number | null }, at: number): boolean {
  return listing.expiresAt !== null && listing.expiresAt <= at;
}

/** The badge of a listing's card at `at`: sold, pending or expired (ADR 023, 029); null for none. */
export function listingBadge(
  listing: { status: ListingStatus; expiresAt: number | null },
  at: number,
): 'sold' | 'pending' | 'expired' | null {
  if (listing.status === 'sold') return 'sold';
  if (isExpired(listing, at)) return 'expired';
  return listing.status === 'pending' ? 'pending' : null;
}

/**
 * A saved search's price filters in words (ADR 029): "Free only", "Up to $50",
 * "$20 and up", "$20 to $50"; null for none.
 */
export function priceFilterLabel(f: {
  minPrice?: number | null;
  maxPrice?: number | null;
  free?: boolean;
}): string | null {
  if (f.free) return LISTING_MESSAGES.freeOnly;
  const min = f.minPrice ?? null;
  const max = f.maxPrice ?? null;
  const dollars = (price: number) => `$${wholeNumber(price)}`;
  if (min !== null && max !== null) return `${dollars(min)} to ${dollars(max)}`;
  if (max !== null) return `Up to ${dollars(max)}`;
  return min !== null ? `${dollars(min)} and up` : null;
}

/** "$40", "$1,200" or "Free". */
export function formatPrice(price: number): string {
  return price === 0 ? LISTING_MESSAGES.free : `$${wholeNumber(price)}`;
}

/** What a card shows: "$40 · OBO", "Free"; null for a plain post. */
export function priceLabel(listing: { price: number | null; obo: boolean }): string | null {
  if (listing.price === null) return null;
  return listing.obo && listing.price > 0
    ? `${formatPrice(listing.price)} · ${LISTING_MESSAGES.oboShort}`
    : formatPrice(listing.price);
}
