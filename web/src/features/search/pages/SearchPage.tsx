import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ListingFilter } from '@common/schemas/posts';
import { SEARCH_MESSAGES, type SearchTab } from '@common/words/search';
import { ListingFilters } from '../../../components/posts/ListingFilters';
import { SearchIcon } from '../../../components/ui/Icons';
import { Skeleton } from '../../../components/ui/Spinner';
import { useCampus } from '../../../lib/campus';
import { readListingFilter, writeListingFilter } from '../../../lib/listing-filters';
import { useViewer } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-media-query';
import { usePopularSearches } from '../api/get-suggestions';
import { AlertMeButton } from '../components/AlertMeButton';
import { SearchBox } from '../components/SearchBox';
import boxStyles from '../components/SearchBox.module.css';
import { MediaResults, PeopleResults, PostResults } from '../components/SearchResults';
import styles from '../components/SearchResults.module.css';
import { panelId, SearchTabs, tabId } from '../components/SearchTabs';
import { searchPath, tabOf } from '../search-options';

/**
 * /search?q=…&show=latest|media|people: the
 * results of a query in three tabs, 10 at a time with infinite scroll, the
 * listing tabs with the feed's price filters (ADR 023); without a query, the
 * popular searches. Phones get the page's own search box on top.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const tab = tabOf(params.get('show'));
  const filter = readListingFilter(params);
  const mobile = useIsMobile();
  const baseId = useId();

  const handleTab = (next: SearchTab) =>
    setParams(
      (p) => {
        p.set('show', next);
        return p;
      },
      { replace: true },
    );

  // As on the feed, filters are pushed: back returns to the results as they were.
  const handleFilter = (next: ListingFilter) =>
    setParams((p) => {
      writeListingFilter(p, next);
      return p;
    });

  const showSold = () => handleFilter({ ...filter, includeSold: true });

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{query ? `Search results for "${query}"` : 'Search'}</h1>
      {mobile ? <SearchBox className={boxStyles.pageBox} /> : null}
      {query ? (
        <>
          <div className={styles.bar}>
            <SearchTabs baseId={baseId} selected={tab} onSelect={handleTab} />
            <AlertMe query={query} tab={tab} filter={filter} />
          </div>
          {tab === 'people' ? null : <ListingFilters value={filter} onChange={handleFilter} />}
          <div role="tabpanel" id={panelId(baseId)} aria-labelledby={tabId(baseId, tab)}>
            {tab === 'latest' ? (
              <PostResults
                query={query}
                filter={filter}
                onClearFilter={() => handleFilter({})}
                onShowSold={showSold}
              />
            ) : tab === 'media' ? (
              <MediaResults
                query={query}
                filter={filter}
                onClearFilter={() => handleFilter({})}
                onShowSold={showSold}
              />
            ) : (
              <PeopleResults query={query} />
            )}
          </div>
        </>
      ) : (
        <StartTyping />
      )}
    </div>
  );
}

/** "Alert me" for the school-verified members of this campus, on the listing tabs, with the price filters. */
function AlertMe({ query, tab, filter }: { query: string; tab: SearchTab; filter: ListingFilter }) {
  const viewer = useViewer();
  const campus = useCampus();
  const member = viewer?.schoolVerified && viewer.campusId === campus.id;
  if (!member || tab === 'people') return null;
  return <AlertMeButton key={`${tab}:${query}`} query={query} show={tab} filter={filter} />;
}

/** No query yet: "Start typing to search…" and the campus's popular searches. */
function StartTyping() {
  const popular = usePopularSearches(true);
  const items = popular.data?.items ?? [];
  return (
    <section className="card empty-state" aria-labelledby="search-start">
      <span className="empty-state__icon" aria-hidden="true">
        <SearchIcon width={28} height={28} />
      </span>
      <h2 id="search-start" className="empty-state__title">
        {SEARCH_MESSAGES.startTyping}
      </h2>
      {popular.isPending ? (
        <div className={styles.chips} aria-hidden="true">
          {[88, 64, 110, 76].map((w) => (
            <Skeleton key={w} width={w} height={34} radius={999} />
          ))}
        </div>
      ) : items.length > 0 ? (
        <nav aria-label={SEARCH_MESSAGES.popular} className={styles.popular}>
          <h3 className={styles.popularTitle}>{SEARCH_MESSAGES.popular}</h3>
          <ul className={styles.chips}>
            {items.map((item) => (
              <li key={item.id}>
                <Link className={styles.chip} to={searchPath(item.text, 'latest')}>
                  {item.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
