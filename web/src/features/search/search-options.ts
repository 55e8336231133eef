import { SEARCH_TABS, type SearchTab } from '@common/words/search';

/** How many popular searches the dropdown shows (of the 14 the server gives). */
export const POPULAR_SHOWN = 4;

export type OptionKind = 'popular' | 'recent' | 'query' | 'word';

/** One row of the search dropdown: a text to search for. `id` is the recent search's id. */
export interface SearchOption {
  key: string;
  text: string;
  kind: OptionKind;
  id?: string;
}

export interface DropdownSources {
  typed: string;
  popular: { id: string; text: string }[];
  recent: { id: string; text: string }[];
  suggestions: { text: string; kind: 'recent' | 'query' | 'word' }[];
}

export interface DropdownSections {
  popular: SearchOption[];
  recent: SearchOption[];
  suggestions: SearchOption[];
  /** Every option in the order ↑ / ↓ walk through them. */
  all: SearchOption[];
}

/**
 * What the dropdown lists: with an empty box the
 * first 4 popular searches and the viewer's recent ones, while typing the
 * suggestions (the same text once).
 */
export function dropdownSections({
  typed,
  popular,
  recent,
  suggestions,
}: DropdownSources): DropdownSections {
  if (typed.trim()) {
    const seen = new Set<string>();
    const rows = suggestions
      .filter((s) => !seen.has(s.text.toLowerCase()) && seen.add(s.text.toLowerCase()))
      .map((s, i) => ({ key: `s-${i}-${s.text}`, text: s.text, kind: s.kind }));
    return { popular: [], recent: [], suggestions: rows, all: rows };
  }
  const top = popular
    .slice(0, POPULAR_SHOWN)
    .map((p) => ({ key: `p-${p.id}`, text: p.text, kind: 'popular' as const }));
  const mine = recent.map((r) => ({
    key: `r-${r.id}`,
    text: r.text,
    kind: 'recent' as const,
    id: r.id,
  }));
  return { popular: top, recent: mine, suggestions: [], all: [...top, ...mine] };
}

/** The highlight after ↑ (-1) or ↓ (+1), wrapping around; -1 is "none". */
export function moveHighlight(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** The tab of a `show` parameter: latest unless it names another. */
export function tabOf(show: string | null): SearchTab {
  return SEARCH_TABS.find((t) => t === show) ?? 'latest';
}

/** /search?q=…&show=… */
export function searchPath(query: string, tab: SearchTab): string {
  return `/search?${new URLSearchParams({ q: query, show: tab }).toString()}`;
}
