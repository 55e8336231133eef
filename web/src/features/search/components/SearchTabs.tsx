import { type KeyboardEvent, useRef } from 'react';
import { SEARCH_TABS, type SearchTab } from '@common/words/search';
import styles from './SearchResults.module.css';

const LABELS: Record<SearchTab, string> = { latest: 'Latest', media: 'Media', people: 'People' };

export const tabId = (baseId: string, tab: SearchTab) => `${baseId}-tab-${tab}`;
export const panelId = (baseId: string) => `${baseId}-panel`;

/**
 * Latest | Media | People: a tab list with one
 * tab stop; ← / → (and Home / End) move between tabs and select them.
 */
export function SearchTabs({
  baseId,
  selected,
  onSelect,
}: {
  baseId: string;
  selected: SearchTab;
  onSelect(tab: SearchTab): void;
}) {
  const refs = useRef<Partial<Record<SearchTab, HTMLButtonElement | null>>>({});
  const handleKeyDown = (event: KeyboardEvent) => {
    // From the focused tab: quick presses may come before the selection has rendered.
    const focused = (event.target as HTMLElement).dataset.tab;
    const at = Math.max(
      0,
      SEARCH_TABS.findIndex((t) => t === (focused ?? selected)),
    );
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % SEARCH_TABS.length,
      ArrowLeft: (at - 1 + SEARCH_TABS.length) % SEARCH_TABS.length,
      Home: 0,
      End: SEARCH_TABS.length - 1,
    };
    const next = SEARCH_TABS[moves[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Search results"
      className={styles.tabs}
      onKeyDown={handleKeyDown}
    >
      {SEARCH_TABS.map((tab) => (
        <button
          key={tab}
          ref={(node) => {
            refs.current[tab] = node;
          }}
          type="button"
          role="tab"
          id={tabId(baseId, tab)}
          data-tab={tab}
          aria-selected={tab === selected}
          aria-controls={panelId(baseId)}
          tabIndex={tab === selected ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(tab)}
        >
          {LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
