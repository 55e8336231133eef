import type { Campus } from '@common/campuses';
import type { Suggestions } from '@common/schemas/search';
import * as campusPolicy from '../../core/policies/campus';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { POPULAR_MIN_STUDENTS, queryText } from './search.history';
import type { CampusCache } from './search.cache';
import { searchRepository as search } from './search.repository';
import { normalize, plain, wordsOf } from './search.text';
import { searchesRepository as searches } from './searches.repository';

const SUGGESTIONS = { recent: 3, queries: 4, words: 5, total: 8 } as const;

/** Suggestions while typing: four indexed lookups, whatever the campus's size. */
export function createSuggestions(db: Db, cache: CampusCache) {
  /** Words of the campus's listings that complete the last word typed (read once per change). */
  async function completions(campus: Campus, q: string): Promise<string[]> {
    const last = wordsOf(q).at(-1);
    if (!last || last.length < 2 || /\s$/.test(q)) return [];
    return cache.read(campus.id, `complete:${q}`, () => complete(campus, q, last));
  }

  async function complete(campus: Campus, q: string, last: string): Promise<string[]> {
    const rows = await search.candidates(db, {
      campusId: campus.id,
      terms: [{ word: last, corrections: [] }],
      media: false,
      limit: 50,
    });
    const counts = new Map<string, number>();
    for (const row of rows) {
      for (const word of new Set(wordsOf(`${row.text} ${row.category ?? ''}`))) {
        if (word.startsWith(last) && word !== last) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    const lead = q.slice(0, q.length - last.length);
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)
      .slice(0, SUGGESTIONS.words)
      .map(([word]) => queryText(`${lead}${word}`));
  }

  /** While typing: the viewer's recent queries, the campus's queries, listing words. */
  return async function suggestions(
    user: UserRow | null,
    campus: Campus,
    raw: string,
  ): Promise<Suggestions> {
    campusPolicy.canRead(user, campus);
    const q = normalize(plain(raw).trimStart()).replace(/\s+/g, ' ');
    if (!q.trim()) return { items: [] };
    const [recent, queries, words] = await Promise.all([
      searches.recentStarting(db.kysely, user.id, q, SUGGESTIONS.recent),
      // The campus's queries change with every search: kept as long as its pages are.
      cache.read(campus.id, `queries:${q}`, () =>
        searches.popularStarting(
          db.kysely,
          campus.id,
          q,
          SUGGESTIONS.queries + SUGGESTIONS.recent,
          POPULAR_MIN_STUDENTS,
        ),
      ),
      completions(campus, q),
    ]);
    const items: Suggestions['items'] = [];
    const seen = new Set<string>();
    const add = (text: string, kind: Suggestions['items'][number]['kind']) => {
      const key = queryText(text);
      if (seen.has(key) || items.length >= SUGGESTIONS.total) return;
      seen.add(key);
      items.push({ text, kind });
    };
    recent.forEach((r) => add(r.text, 'recent'));
    queries.slice(0, SUGGESTIONS.queries + recent.length).forEach((r) => add(r.text, 'query'));
    words.forEach((w) => add(w, 'word'));
    return { items };
  };
}
