import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_MESSAGES, SEARCH_QUERY_MAX } from '@common/words/search';
import { SearchIcon } from '../../../components/ui/Icons';
import { useCampus } from '../../../lib/campus';
import { foldWord } from '../../../lib/highlight';
import { useViewer } from '../../../lib/session';
import { usePopularSearches, useSuggestions } from '../api/get-suggestions';
import {
  useClearRecentSearches,
  useRecentSearches,
  useRecordSearch,
  useRemoveRecentSearch,
} from '../api/recent-searches';
import {
  dropdownSections,
  moveHighlight,
  type SearchOption,
  searchPath,
  tabOf,
} from '../search-options';
import { SearchDropdown } from './SearchDropdown';
import styles from './SearchBox.module.css';
import { useDebounced } from './use-debounced';

const ClearRecentDialog = lazy(() => import('./ClearRecentDialog'));

/** Suggestions are asked for once typing pauses this long. */
const SUGGEST_DEBOUNCE_MS = 150;

/**
 * The suggestions to show. Those of an earlier text stay on screen while the
 * new ones load (no flicker), but only the ones that still begin with what is typed.
 */
function stillFitting<T extends { text: string }>(items: T[], typed: string, stale: boolean): T[] {
  if (!stale) return items;
  const start = foldWord(typed.trim());
  return items.filter((item) => foldWord(item.text).startsWith(start));
}

/** The query in the URL of /search, which the box shows; '' elsewhere. */
function useUrlQuery() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearch = pathname === '/search';
  return {
    urlQuery: onSearch ? (params.get('q') ?? '') : '',
    tab: onSearch ? tabOf(params.get('show')) : 'latest',
  };
}

/**
 * A search box with its dropdown: the top
 * bar's, and the search page's own on phones. A combobox: ↑ / ↓ move the
 * highlight with wraparound, Enter searches the highlighted text or the typed
 * one, Escape closes. A search goes to /search on the current tab and is
 * recorded in the viewer's recent searches.
 */
export function SearchBox({
  className = '',
  autoFocus,
  initialText,
}: {
  className?: string;
  autoFocus?: boolean;
  /** Text typed before the box was there (the top bar's stand-in). */
  initialText?: string;
}) {
  const campus = useCampus();
  const viewer = useViewer();
  const navigate = useNavigate();
  const { urlQuery, tab } = useUrlQuery();
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const [typed, setTyped] = useState(initialText ?? urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    // Another search (the other box, back / forward): this box shows it too.
    setSeenUrlQuery(urlQuery);
    setTyped(urlQuery);
  }
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const typing = typed.trim().length > 0;
  const suggestQuery = useDebounced(typed.trim(), SUGGEST_DEBOUNCE_MS);
  const popular = usePopularSearches(open);
  const recent = useRecentSearches(open && viewer !== null);
  const suggestions = useSuggestions(suggestQuery, open && typing);
  const sections = dropdownSections({
    typed,
    popular: popular.data?.items ?? [],
    recent: viewer ? (recent.data?.items ?? []) : [],
    suggestions: stillFitting(suggestions.data?.items ?? [], typed, suggestions.isPlaceholderData),
  });
  const loaded = !popular.isPending || popular.isError;

  // The highlight starts over whenever the list changes.
  const [highlight, setHighlight] = useState(-1);
  const listKey = sections.all.map((o) => o.key).join('\n');
  const [seenListKey, setSeenListKey] = useState(listKey);
  if (listKey !== seenListKey) {
    setSeenListKey(listKey);
    setHighlight(-1);
  }

  const record = useRecordSearch();
  const remove = useRemoveRecentSearch();
  const clear = useClearRecentSearches();

  const search = (text: string) => {
    const q = text.trim();
    if (!q) return;
    setTyped(q);
    setOpen(false);
    setHighlight(-1);
    inputRef.current?.blur();
    navigate(searchPath(q, tab));
    if (viewer) record.mutate(q);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    search((open ? sections.all[highlight]?.text : undefined) ?? typed);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setHighlight((h) =>
        moveHighlight(h, event.key === 'ArrowDown' ? 1 : -1, sections.all.length),
      );
    } else if (event.key === 'Escape' && open) {
      // Closes the list; the text stays (a search input would clear it).
      event.preventDefault();
      setOpen(false);
    }
  };

  const handleBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  const optionId = (index: number) => `${baseId}-option-${index}`;
  const active = open && highlight >= 0 ? sections.all[highlight] : undefined;
  const listIds = {
    popular: `${baseId}-popular`,
    recent: `${baseId}-recent`,
    query: `${baseId}-suggestions`,
    word: `${baseId}-suggestions`,
  };
  const expanded = open && sections.all.length > 0;
  const placeholder = SEARCH_MESSAGES.placeholder(campus.productName);

  return (
    <>
      <form
        className={`${className} ${styles.box}`}
        role="search"
        onSubmit={handleSubmit}
        onBlur={handleBlur}
      >
        <SearchIcon className={styles.icon} width={18} height={18} aria-hidden="true" />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label={placeholder}
          placeholder={placeholder}
          aria-expanded={expanded}
          aria-controls={expanded ? listIds[(active ?? sections.all[0])!.kind] : undefined}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(highlight) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_QUERY_MAX}
          autoFocus={autoFocus}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
            setHighlight(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={handleKeyDown}
        />
        {open ? (
          // Clicks inside keep the focus in the box (mousedown would move it).
          <div onMouseDown={(e) => e.preventDefault()}>
            <SearchDropdown
              baseId={baseId}
              typing={typing}
              sections={sections}
              loaded={loaded && (!viewer || !recent.isPending)}
              optionId={optionId}
              highlight={highlight}
              onHighlight={setHighlight}
              onPick={(option: SearchOption) => search(option.text)}
              onRemove={(option) => option.id && remove.mutate(option.id)}
              onClearAll={() => setConfirming(true)}
            />
          </div>
        ) : null}
      </form>
      {confirming ? (
        <Suspense fallback={null}>
          <ClearRecentDialog
            onClose={() => setConfirming(false)}
            onConfirm={() => clear.mutate()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
