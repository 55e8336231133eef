import type { Db } from '../../db/kysely';
import { searchRepository as search } from './search.repository';
import { corrections, editsAllowed, type QueryTerm, queryWords } from './search.text';

/** How long a word's reading of the index is reused: new posts bring new words. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
/** Prefixes up to this long have an index of their own on SQLite (migration 0003: prefix = '2 3'). */
const PREFIX_INDEXED = 3;
/** At most this many indexed words a query word begins are searched by name (ADR 009). */
const NAMED_WORDS = 32;
/**
 * How long SQLite's words of one first letter are reused for corrections:
 * reading them counts every word's posts (about 150 ms on a million posts).
 */
const VOCABULARY_TTL_MS = 5 * 60_000;

/** The terms of a query; none when no word of it is known or correctable. */
export type TermResolver = (query: string) => Promise<QueryTerm[]>;

/**
 * Reads a query as terms the index knows: each word as typed when some
 * indexed word starts with it, else its closest corrections, else dropped
 * (ADR 009). Each word costs one or two indexed lookups, remembered briefly.
 */
export function createTermResolver(db: Db, now: () => number = Date.now): TermResolver {
  const cache = new Map<string, { term: QueryTerm; at: number }>();
  const letters = new Map<
    string,
    { words: Promise<{ term: string; uses: number }[]>; at: number }
  >();

  /** Indexed words that could be `word` misspelt (SQLite: its first letter's, remembered). */
  async function near(word: string, slack: number) {
    if (db.dialect !== 'sqlite') return search.nearWords(db, word, slack);
    const first = word[0]!;
    let hit = letters.get(first);
    if (!hit || now() - hit.at >= VOCABULARY_TTL_MS) {
      hit = { words: search.wordsOfLetter(db, first), at: now() };
      letters.set(first, hit);
      hit.words.catch(() => letters.delete(first));
    }
    return (await hit.words).filter((w) => Math.abs(w.term.length - word.length) <= slack);
  }

  async function readWord(word: string): Promise<QueryTerm | null> {
    if (db.dialect === 'sqlite' && word.length > PREFIX_INDEXED) {
      const words = await search.prefixWords(db, word, NAMED_WORDS + 1);
      if (words.length > NAMED_WORDS) return { word, corrections: [] };
      if (words.length > 0) return { word, corrections: [], words };
    } else if ((await search.prefixWords(db, word, 1)).length > 0) {
      return { word, corrections: [] };
    }
    const slack = editsAllowed(word);
    if (slack === 0) return null;
    const found = corrections(word, await near(word, slack));
    return found.length > 0 ? { word, corrections: found } : null;
  }

  async function resolveWord(word: string): Promise<QueryTerm | null> {
    const hit = cache.get(word);
    if (hit && now() - hit.at < TTL_MS) return hit.term;
    const term = await readWord(word);
    // Only what was found is kept: a word unknown now may be posted a moment later.
    if (term) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(word, { term, at: now() });
    }
    return term;
  }

  return async function resolve(query: string): Promise<QueryTerm[]> {
    const terms = await Promise.all(queryWords(query).map(resolveWord));
    return terms.filter((t): t is QueryTerm => t !== null);
  };
}
