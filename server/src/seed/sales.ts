import { REVIEW_TAGS, type ReviewTag } from '@common/schemas/sales';
import { v7 as uuidv7 } from 'uuid';
import type { Rng } from './rng';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Words a review of a good trade may say; empty: stars and tags only. */
const WORDS = [
  'Smooth pickup, exactly as pictured.',
  'Quick replies and on time. Would buy again.',
  'Great condition, fair price.',
  'Friendly and easy to deal with.',
  '',
  'Met at the library, no issues at all.',
];

export interface DemoSaleSource {
  /** The campus's sold listings (status 'sold'). */
  sold: {
    id: string;
    campus_id: string;
    author_id: string;
    text: string;
    price: number | null;
    created_at: number;
  }[];
  /** The campus's students; the first is the demo login. */
  students: { id: string }[];
  now: number;
  r: Rng;
}

const tagsOf = (r: Rng): ReviewTag[] => REVIEW_TAGS.filter(() => r.chance(0.35));

/**
 * Demo sales (ADR 052): each sold listing sold to a student of the campus,
 * the demo login buying the first, both sides reviewed so every review shows.
 * A pure function of the seeded rows and its own generator.
 */
export function demoSales({ sold, students, now, r }: DemoSaleSource) {
  const sales = [];
  const reviews = [];
  const demo = students[0]!;
  let demoBought = false;
  for (const listing of sold) {
    const others = students.filter((s) => s.id !== listing.author_id);
    if (others.length === 0) continue;
    const buyer = !demoBought && listing.author_id !== demo.id ? demo : r.pick(others);
    if (buyer === demo) demoBought = true;
    const at = Math.max(listing.created_at + DAY_MS, now - r.int(2, 40) * DAY_MS);
    const sale = {
      id: uuidv7(),
      campus_id: listing.campus_id,
      listing_id: listing.id,
      title: (listing.text.split('\n')[0] ?? '').slice(0, 100) || 'A listing',
      price: listing.price,
      seller_id: listing.author_id,
      buyer_id: buyer.id,
      created_at: Math.min(at, now - DAY_MS),
    };
    sales.push(sale);
    for (const [author, subject] of [
      [buyer.id, listing.author_id],
      [listing.author_id, buyer.id],
    ] as const)
      reviews.push({
        id: uuidv7(),
        sale_id: sale.id,
        campus_id: sale.campus_id,
        author_id: author,
        subject_id: subject,
        stars: r.chance(0.7) ? 5 : r.int(3, 4),
        tags: JSON.stringify(tagsOf(r)),
        text: r.pick(WORDS),
        created_at: sale.created_at + r.int(1, 48) * 60 * 60 * 1000,
        removed_at: null,
      });
  }
  return { sales, reviews };
}
