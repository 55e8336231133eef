import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';
import { PageHeader } from '../../../components/layout/PageHeader';
import { campusHandoffPath } from '../../../components/gates/campus-site';
import { Button } from '../../../components/ui/Button';
import { MailIcon, SearchIcon } from '../../../components/ui/Icons';
import { useCampus } from '../../../lib/campus';
import { useViewer } from '../../../lib/session';
import { matchesSchool, schoolsQueryOptions, useCampuses } from '../../../lib/campuses';
import { SchoolOption, SchoolOptionSkeleton } from '../components/SchoolOption';
import styles from './SchoolFinderPage.module.css';

const DEBOUNCE_MS = 200;
/** The API refuses longer queries (campusListQuerySchema). */
const MAX_QUERY = 100;

/**
 * /search_schools: search the schools and open one's own site.
 * The query lives in the URL (?q=), so the top bar's search box can send people here.
 */
export function SchoolFinderPage() {
  const campus = useCampus();
  const viewer = useViewer();
  // Sessions are per site: a signed-in student goes through the hand-over and
  // arrives signed in (ADR 036, 050); a guest, or this very site, needs none.
  const schoolHref = (school: CampusDto) =>
    viewer && school.id !== campus.id ? campusHandoffPath(school.id) : school.url;
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('q') ?? '';

  // What the field shows; the URL follows it after a short pause.
  const [input, setInput] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  // The query this page last wrote to the URL: its arrival is not a change from outside.
  const [written, setWritten] = useState<string | null>(null);
  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    // The URL changed from outside (top bar search, back button): the field follows it.
    // Our own write arrives after more keys may have been typed: those are kept.
    if (urlQuery !== written) setInput(urlQuery);
  }

  useEffect(() => {
    if (input === urlQuery) return;
    const timer = window.setTimeout(() => {
      const next = input.trim() ? input : '';
      setWritten(next);
      setSearchParams(next ? { q: next } : {}, { replace: true });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, urlQuery, setSearchParams]);

  const query = urlQuery.trim();
  const { data, isPending, isError, isPlaceholderData, refetch, isRefetching } = useCampuses(query);
  const items = data?.items ?? [];
  // While the first answer loads, as many placeholders as the schools already known
  // (the welcome grid or another page read them) match: nothing moves when it lands.
  const known = useQueryClient().getQueryData(schoolsQueryOptions().queryKey);
  const placeholders = known ? known.filter((c) => matchesSchool(c, query)).length : 3;
  const resultsQuery = data?.query ?? query;

  // The first match is highlighted as soon as there is a query, so Enter opens it.
  const [highlight, setHighlight] = useState(-1);
  const [highlightFor, setHighlightFor] = useState<string | null>(null);
  if (data && highlightFor !== resultsQuery) {
    setHighlightFor(resultsQuery);
    setHighlight(resultsQuery && items.length > 0 ? 0 : -1);
  }

  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const baseId = useId();
  const listId = `${baseId}-schools`;
  const optionId = (campusId: string) => `${baseId}-school-${campusId}`;
  const highlighted = highlight >= 0 ? items[highlight] : undefined;

  const activeId = highlighted ? optionId(highlighted.id) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((h) => (h + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => (h <= 0 ? items.length - 1 : h - 1));
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Each school is its own site: a full navigation, in the same tab.
    if (highlighted) window.location.assign(schoolHref(highlighted));
  };

  const status = data
    ? items.length === 0
      ? MESSAGES.noResultsFor(resultsQuery)
      : resultsQuery
        ? `${items.length} ${items.length === 1 ? 'school matches' : 'schools match'} "${resultsQuery}"`
        : `${items.length} schools`
    : '';

  return (
    <>
      <PageHeader title="Find your school" />
      <section className={`card ${styles.finder}`} aria-labelledby={`${baseId}-label`}>
        <form
          role="search"
          className={styles.form}
          aria-labelledby={`${baseId}-label`}
          onSubmit={handleSubmit}
        >
          <label id={`${baseId}-label`} htmlFor={`${baseId}-input`} className={styles.label}>
            Search by school, city or short name
          </label>
          <div className={styles.field}>
            <SearchIcon className={styles.fieldIcon} width={20} height={20} />
            <input
              ref={inputRef}
              id={`${baseId}-input`}
              className={styles.input}
              type="search"
              role="combobox"
              aria-expanded={items.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              placeholder={MESSAGES.searchSchools}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
              maxLength={MAX_QUERY}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={handleKeyDown}
            />
          </div>
        </form>

        {/* Always there (fixed height) so results never move; the empty state says it visibly. */}
        <p className={styles.status} role="status">
          {items.length > 0 ? status : <span className="visually-hidden">{status}</span>}
        </p>

        {isPending ? (
          <div className={styles.list} aria-busy="true" aria-label="Loading schools">
            {Array.from({ length: Math.max(1, placeholders) }, (_, i) => (
              <SchoolOptionSkeleton key={i} />
            ))}
          </div>
        ) : isError && !data ? (
          <div className="empty-state">
            <p className="empty-state__title">{MESSAGES.somethingWentWrong}</p>
            <Button variant="secondary" onClick={() => void refetch()} disabled={isRefetching}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className={`empty-state ${styles.empty}`}>
            <span className={styles.emptyIcon} aria-hidden="true">
              <SearchIcon width={28} height={28} />
            </span>
            <p className="empty-state__title">{MESSAGES.noResultsFor(resultsQuery)}</p>
            <p className="empty-state__text">
              Check the spelling, or try the city or the short name, like UT or UCLA.
            </p>
          </div>
        ) : null}

        <div
          id={listId}
          role="listbox"
          aria-label="Schools"
          className={`${styles.list}${isPlaceholderData ? ` ${styles.stale}` : ''}`}
          hidden={items.length === 0}
        >
          {items.map((school, index) => (
            <SchoolOption
              key={school.id}
              id={optionId(school.id)}
              campus={school}
              href={schoolHref(school)}
              highlighted={index === highlight}
              onHighlight={() => setHighlight(index)}
            />
          ))}
        </div>
      </section>

      <p className={styles.missing}>
        <MailIcon width={18} height={18} aria-hidden="true" />
        <span>
          Don't see your school? Write to{' '}
          <a href={`mailto:${campus.supportEmail}`} className={styles.missingLink}>
            {campus.supportEmail}
          </a>{' '}
          and tell us which campus to open next.
        </span>
      </p>
    </>
  );
}
