import type { Category } from '@common/categories';
import {
  ASK_SOLD_AFTER_MS,
  type Condition,
  LISTING_LIFETIME_MS,
  type ListingStatus,
} from '@common/listings';
import type { CatalogItem } from './catalog';
import type { Rng } from './rng';

/** A demo listing's fields (ADR 023, 029), as the app would have stored them. */
export interface DemoListing {
  /** Whole dollars; 0 is free. */
  price: number;
  obo: boolean;
  condition: Condition | null;
  status: ListingStatus;
  ask_sold_at: number | null;
  expires_at: number;
}

/** Things given away at times: the cheap ones. */
const FREE_UP_TO = 80;
/** What has no condition: a room, a ticket. */
const NO_CONDITION: readonly Category[] = ['housing & apartments', 'tickets'];
const CONDITION_WEIGHTS: Array<[Condition, number]> = [
  ['new', 0.1],
  ['like_new', 0.3],
  ['good', 0.4],
  ['fair', 0.15],
  ['for_parts', 0.05],
];

function weighted<T>(r: Rng, options: Array<[T, number]>): T {
  let left = r.next();
  for (const [value, weight] of options) {
    left -= weight;
    if (left < 0) return value;
  }
  return options[options.length - 1]![0];
}

/**
 * The price, condition and status of one demo listing (ADR 049): a mix of
 * fixed prices, "or best offer", free things, pending and sold ones, so the
 * feed's price filters and sort have something to show. `price` is the one
 * the catalogue's range gave; `own` listings (the demo login's) stay on sale
 * at a price, since buyers are writing about them.
 */
export function demoListing(
  item: CatalogItem,
  category: Category,
  price: number,
  own: boolean,
  created: number,
  now: number,
  r: Rng,
): DemoListing {
  const free = !own && item.price[1] <= FREE_UP_TO && r.chance(0.35);
  const obo = !free && r.chance(0.3);
  const status: ListingStatus = own
    ? 'available'
    : weighted(r, [
        ['sold', 0.15],
        ['pending', 0.12],
        ['available', 0.73],
      ]);
  const condition = NO_CONDITION.includes(category) ? null : weighted(r, CONDITION_WEIGHTS);
  // "Did it sell?" is asked two weeks in, once: an older listing has been asked already.
  const ask = created + ASK_SOLD_AFTER_MS;
  return {
    price: free ? 0 : price,
    obo,
    condition,
    status,
    ask_sold_at: status !== 'sold' && ask > now ? ask : null,
    expires_at: created + LISTING_LIFETIME_MS,
  };
}
