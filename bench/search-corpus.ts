/**
 * The text of the search bench's million posts: listings written from the seed
 * catalogue (an opener, an item's name, one or two of its details, a price, a
 * closer), items drawn with Zipf frequencies, and half the posts naming a
 * model from a long tail of made-up words (Zipf too), so that the index holds
 * tens of thousands of words: the most common match a tenth of the posts or
 * more, the rarest a handful. Also picks the queries the bench times from
 * the counts it made.
 */
import { CATALOG, CLOSERS, OPENERS } from '../server/src/seed/catalog';
import { rng } from '../server/src/seed/rng';
import { queryWords, wordsOf } from '../server/src/modules/search/search.text';

/** Made-up model words of the long tail (three consonant-vowel syllables). */
const TAIL = 100_000;
/** One post in this many is read to count how often words appear. */
const SAMPLE_EVERY = 10;

/** The catalogue's items in a fixed shuffled order: Zipf rank 1 is the most listed. */
const ITEMS = (() => {
  const items = Object.entries(CATALOG).flatMap(([category, list]) =>
    list.map((item) => ({ category, ...item })),
  );
  const r = rng(11);
  for (let i = items.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
})();
const NAME_WORDS = new Set(ITEMS.flatMap((item) => wordsOf(item.name)));

/** The queries timed: what students type, chosen from the data set's own counts. */
export interface SearchQueries {
  common: string;
  commonShare: number;
  twoWords: string;
  twoWordsShare: number;
  rare: string;
  rareMatches: number;
  misspelled: string;
  /** The word it misspells. */
  meant: string;
  prefix: string;
}

/** Cumulative Zipf weights (exponent 1) over `n` ranks, for sampling with one uniform number. */
function zipf(n: number): Float64Array {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cumulative[k] = sum += 1 / (k + 1);
  for (let k = 0; k < n; k++) cumulative[k]! /= sum;
  return cumulative;
}

function draw(cumulative: Float64Array, u: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const CONSONANTS = 'bcdfghjklmnprstvz';
const VOWELS = 'aeiou';

/** Tail word `rank`: a scrambled index spelt as three syllables, so first letters spread evenly. */
export function tailWord(rank: number): string {
  const syllables = CONSONANTS.length * VOWELS.length;
  let n = (rank * 7919 + 13) % syllables ** 3;
  let word = '';
  for (let s = 0; s < 3; s++) {
    const syllable = n % syllables;
    n = Math.floor(n / syllables);
    word += CONSONANTS[syllable % CONSONANTS.length]! + VOWELS[Math.floor(syllable / 17)]!;
  }
  return word;
}

/** Writes `total` listings in order, counting words on a sample as it goes. */
export function createCorpus(total: number, seed = 7) {
  const r = rng(seed);
  const items = zipf(ITEMS.length);
  const tail = zipf(TAIL);
  const tailCounts = new Int32Array(TAIL);
  const wordDocs = new Map<string, number>();
  const sampled: Array<Set<string>> = [];

  function post(i: number): { text: string; category: string } {
    const item = ITEMS[draw(items, r.next())]!;
    const first = r.int(0, item.details.length - 1);
    const parts = [`${r.pick(OPENERS)} ${item.name}.`, item.details[first]!];
    if (r.chance(0.3) && item.details.length > 1)
      parts.push(item.details[(first + 1) % item.details.length]!);
    if (r.chance(0.5)) {
      const rank = draw(tail, r.next());
      tailCounts[rank]! += 1;
      parts.push(`Model ${tailWord(rank)}.`);
    }
    parts.push(`$${r.int(item.price[0], item.price[1])}.`, r.pick(CLOSERS));
    const text = parts.join(' ');
    if (i % SAMPLE_EVERY === 0) {
      const words = new Set(wordsOf(`${text} ${item.category}`));
      for (const w of words) wordDocs.set(w, (wordDocs.get(w) ?? 0) + 1);
      sampled.push(words);
    }
    return { text, category: item.category };
  }

  /** The queries to time, once every post has been written. */
  function queries(): SearchQueries {
    const share = (w: string) => (wordDocs.get(w) ?? 0) / sampled.length;
    const catalogue = [...wordDocs.keys()].filter(
      (w) => /^[a-z]{4,}$/.test(w) && queryWords(w).length === 1 && !isTail(w),
    );
    const common = closest(catalogue, (w) => share(w), 0.1);
    const twoWords = commonPair(sampled, common);
    const rare = rareTail(tailCounts);
    const meant = catalogue
      .filter((w) => NAME_WORDS.has(w) && w.length >= 7 && share(w) > 0.01 && share(w) < 0.15)
      .sort((a, b) => share(b) - share(a))[0]!;
    const misspelled = typo(meant, [...wordDocs.keys()]);
    return {
      common,
      commonShare: share(common),
      twoWords: twoWords.query,
      twoWordsShare: twoWords.share,
      rare: tailWord(rare),
      rareMatches: tailCounts[rare]!,
      misspelled,
      meant,
      prefix: common.slice(0, 3),
    };
  }

  return { post, queries };
}

/** `word` with two neighbouring letters swapped, the first swap no indexed word starts with. */
function typo(word: string, vocabulary: string[]): string {
  for (let i = 2; i < word.length - 1; i++) {
    const swapped = `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`;
    if (swapped !== word && !vocabulary.some((v) => v.startsWith(swapped))) return swapped;
  }
  throw new Error(`no typo of ${word} is unknown to the index`);
}

const TAIL_WORDS = new Set<string>();
function isTail(word: string): boolean {
  if (TAIL_WORDS.size === 0) for (let k = 0; k < TAIL; k++) TAIL_WORDS.add(tailWord(k));
  return TAIL_WORDS.has(word);
}

function closest<T>(list: T[], value: (t: T) => number, target: number): T {
  return list.reduce((best, t) =>
    Math.abs(value(t) - target) < Math.abs(value(best) - target) ? t : best,
  );
}

/** The first two words of an item's name that most nearly match a tenth of the posts together. */
function commonPair(sampled: Array<Set<string>>, other: string): { query: string; share: number } {
  const pairs = ITEMS.map((item) =>
    wordsOf(item.name).filter((w) => /^[a-z]{3,}$/.test(w) && queryWords(w).length === 1),
  )
    .filter((words) => words.length >= 2 && !words.includes(other))
    .map(([a, b]) => {
      const both = sampled.filter((s) => s.has(a!) && s.has(b!)).length;
      return { query: `${a} ${b}`, share: both / sampled.length };
    });
  return closest(pairs, (p) => p.share, 0.1);
}

/** A tail word used by five posts (a handful), as near the head of the tail as there is one. */
function rareTail(counts: Int32Array): number {
  for (let k = 1000; k < counts.length; k++) if (counts[k] === 5) return k;
  return closest([...counts.keys()], (k) => Math.abs(counts[k]! - 5), 0);
}
