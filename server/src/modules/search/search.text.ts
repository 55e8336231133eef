/**
 * The words of a query or a listing, and how well one matches the other: the
 * same rules on both databases, so results rank alike on SQLite and
 * PostgreSQL (ADR 009). The databases only find candidates.
 */

/** Words too common to narrow a search; PostgreSQL's English configuration drops them too. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have i in is it of on or so the to was with'.split(
    ' ',
  ),
);

/** Control and format characters (NUL, zero-width, bidi overrides) read as spaces. */
export function plain(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, ' ');
}

/** Lower case, accents removed: "Café" → "cafe". */
export function normalize(text: string): string {
  // Plain ASCII has no accents: the common case skips the Unicode decomposition.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
const NON_ASCII = /[^\p{ASCII}]/u;

/** The words of a text: runs of letters and digits, normalised. */
export function wordsOf(text: string): string[] {
  const normal = normalize(text);
  if (!NON_ASCII.test(normal)) return normal.match(/[a-z0-9]+/g) ?? [];
  return normal.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words a query searches for, at most 8: repeats, stop words and single
 * letters dropped (unless that leaves none).
 */
export function queryWords(query: string): string[] {
  const words = [...new Set(wordsOf(query).map((w) => w.slice(0, 40)))].slice(0, 8);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w) && w.length > 1);
  return meaningful.length > 0 ? meaningful : words;
}

/** A light English stemmer, enough for "desks" to rank with "desk" and "chairs" with "chair". */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  return word;
}

/** Edits allowed when correcting a word: none below 4 letters, 1 up to 6, 2 beyond. */
export function editsAllowed(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 6 ? 1 : 2;
}

/**
 * Optimal string alignment distance (Levenshtein plus swapped neighbours),
 * giving up early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The closest of `candidates` to `word` within the edits allowed, nearest
 * first, then the most used (`uses`, when known).
 */
export function corrections(
  word: string,
  candidates: { term: string; uses?: number }[],
  limit = 3,
): string[] {
  const max = editsAllowed(word);
  if (max === 0) return [];
  return candidates
    .filter((c) => c.term !== word)
    .map((c) => ({ ...c, distance: editDistance(word, c.term, max) }))
    .filter((c) => c.distance <= max)
    .sort((a, b) => a.distance - b.distance || (b.uses ?? 0) - (a.uses ?? 0))
    .slice(0, limit)
    .map((c) => c.term);
}

/** One query word with what it may match: itself, a word it begins, or a correction. */
export interface QueryTerm {
  word: string;
  corrections: string[];
  /**
   * The indexed words it begins, when few enough to name: the index then
   * reads those words' lists newest first and stops at the page's worth,
   * where a prefix search would merge every list in full first (ADR 009).
   */
  words?: string[];
}

/** How well a word of a listing matches: 3 the word itself, 2 a word it begins, 1 a correction. */
const EXACT = 3;
const PREFIX = 2;
const TYPO = 1;

function termScore(term: QueryTerm, words: string[], stems: string[]): number {
  const stemmed = stem(term.word);
  if (words.includes(term.word) || stems.includes(stemmed)) return EXACT;
  if (words.some((w) => w.startsWith(term.word))) return PREFIX;
  if (term.corrections.some((c) => words.includes(c) || stems.includes(stem(c)))) return TYPO;
  return 0;
}

/**
 * How well a listing matches every term: the sum of each term's best match,
 * 0 when a term matches nothing (every word must match, in any order).
 */
export function matchScore(terms: QueryTerm[], text: string): number {
  const words = wordsOf(text);
  const stems = words.map(stem);
  let total = 0;
  for (const term of terms) {
    const score = termScore(term, words, stems);
    if (score === 0) return 0;
    total += score;
  }
  return total;
}

/** The words the web highlights (words starting with one): query words, their stems, corrections. */
export function highlightTerms(terms: QueryTerm[]): string[] {
  return [...new Set(terms.flatMap((t) => [t.word, stem(t.word), ...t.corrections]))];
}
