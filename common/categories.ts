/** Post categories, by their stored value. 'all' is the feed's no-filter choice. */
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

/**
 * How each category reads on screen. The stored values are in lower
 * case; capitalising them by rule gives "Tvs" and "3d", so each has its
 * label written out.
 */
export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  'audio & speakers': 'Audio & Speakers',
  'auto parts & accessories': 'Auto Parts & Accessories',
  'books, movies, & music': 'Books, Movies, & Music',
  'clothing, shoes, & accessories': 'Clothing, Shoes, & Accessories',
  'cars & trucks': 'Cars & Trucks',
  'cameras & photography': 'Cameras & Photography',
  'cell phones & accessories': 'Cell Phones & Accessories',
  'collectibles & art': 'Collectibles & Art',
  'computers & accessories': 'Computers & Accessories',
  drones: 'Drones',
  exercise: 'Exercise',
  'jewelry & accessories': 'Jewelry & Accessories',
  furniture: 'Furniture',
  'health & beauty': 'Health & Beauty',
  'housing & apartments': 'Housing & Apartments',
  'home decor': 'Home Decor',
  household: 'Household',
  'kitchen & dining': 'Kitchen & Dining',
  'musical instruments': 'Musical Instruments',
  motorcycles: 'Motorcycles',
  'pet supplies': 'Pet Supplies',
  'school supplies': 'School Supplies',
  'sports & outdoors': 'Sports & Outdoors',
  tickets: 'Tickets',
  'tires & rims': 'Tires & Rims',
  'toys, games, & hobbies': 'Toys, Games, & Hobbies',
  'trading cards': 'Trading Cards',
  'tvs & media players': 'TVs & Media Players',
  'video games & consoles': 'Video Games & Consoles',
  'virtual reality': 'Virtual Reality',
  wearables: 'Wearables',
  '3d printers & supplies': '3D Printers & Supplies',
};

/** The label of a stored category (an unknown value is shown as it is). */
export function categoryLabel(value: string): string {
  return isCategory(value) ? CATEGORY_LABELS[value] : value;
}
