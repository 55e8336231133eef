import { type QueryTerm, queryWords, stem, wordsOf } from '../search/search.service';

/** Saved words are at most 40 letters (search's queryWords), corrections a couple more. */
const LONGEST_KEY = 48;

/**
 * A saved query's terms: each word as search reads it (as typed when the
 * index knows it, else with its corrections), and a word nobody has posted
 * yet kept as typed: the listing a student waits for may be the first to
 * use it.
 */
export function savedTerms(query: string, resolved: QueryTerm[]): QueryTerm[] {
  const byWord = new Map(resolved.map((t) => [t.word, t]));
  return queryWords(query).map((word) => byWord.get(word) ?? { word, corrections: [] });
}

/** The query's words, normalised: "Desk!" and "desk" are one saved search. */
export const queryKey = (query: string) => queryWords(query).join(' ');

/**
 * The keys a saved search is filed under: each word and correction, and
 * their stems. A listing can match a term only through one of them.
 */
export function indexKeys(terms: QueryTerm[]): string[] {
  const words = terms.flatMap((t) => [t.word, ...t.corrections]);
  return [...new Set(words.flatMap((w) => [w, stem(w)]))];
}

/**
 * The keys a new listing looks up: every beginning of each of its words (a
 * saved "desk" matches "desks") and each word's stem (a saved "chairs"
 * matches "chair"). Together with indexKeys this finds every saved search
 * that matchScore could accept, and only searches sharing a word with it.
 */
export function lookupKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const word of new Set(wordsOf(text))) {
    for (let n = 1; n <= Math.min(word.length, LONGEST_KEY); n++) keys.add(word.slice(0, n));
    keys.add(stem(word));
  }
  return [...keys];
}
