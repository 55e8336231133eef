/** Post categories, by their stored value (spec core §3). 'all' is the feed's no-filter choice. */
export const CATEGORIES = [
  'audio & speakers',
  'auto parts & accessories',
  'books, movies, & music',
  'clothing, shoes, & accessories',
  'cars & trucks',
  'cameras & photography',
  'cell phones & accessories',
  'collectibles & art',
  'computers & accessories',
  'drones',
  'exercise',
  'jewelry & accessories',
  'furniture',
  'health & beauty',
  'housing & apartments',
  'home decor',
  'household',
  'kitchen & dining',
  'musical instruments',
  'motorcycles',
  'pet supplies',
  'school supplies',
  'sports & outdoors',
  'tickets',
  'tires & rims',
  'toys, games, & hobbies',
  'trading cards',
  'tvs & media players',
  'video games & consoles',
  'virtual reality',
  'wearables',
  '3d printers & supplies',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const ALL_CATEGORIES = 'all';

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}
