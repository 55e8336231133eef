import { type ReactNode, useId } from 'react';
import { LISTING_MESSAGES } from '@common/listings';
import { MEDIA_MESSAGES } from '@common/messages';
import type { ListingFilter } from '@common/schemas/posts';
import { SEARCH_MESSAGES } from '@common/words/search';
import { FilteredEmpty, NoMatches } from '../../../components/posts/FilteredEmpty';
import { MediaTile, MediaTileSkeleton } from '../../../components/posts/MediaTile';
import { PostCard, PostCardSkeleton } from '../../../components/posts/PostCard';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { hasListingFilter } from '../../../lib/listing-filters';
import { useSearchPeople, useSearchPosts } from '../api/get-results';
import { PersonRow, PersonRowSkeleton } from './PersonRow';
import { ResultsEnd } from './ResultsEnd';
import { SignInToSearch } from './SignInToSearch';
import styles from './SearchResults.module.css';

/** Grey tiles that fill the first screen of the media tab while it loads. */
const SKELETON_TILES = 9;

interface ListingTab {
  query: string;
  filter: ListingFilter;
  /** Clears the listing filters, keeping the query. */
  onClearFilter(): void;
  /** Turns on "Include sold", keeping the other filters. */
  onShowSold(): void;
}

/**
 * Sold listings are left out of search unless asked (ADR 023); when some
 * matched, search says how many and offers them (ADR 050).
 */
function SoldHint({ count, onShowSold }: { count: number; onShowSold(): void }) {
  const id = useId();
  if (count === 0) return null;
  return (
    <p className={`card ${styles.soldHint}`}>
      <span id={id}>{LISTING_MESSAGES.soldAlsoMatch(count)}</span>{' '}
      <button type="button" className={styles.soldShow} aria-describedby={id} onClick={onShowSold}>
        {LISTING_MESSAGES.showSold}
      </button>
    </p>
  );
}

/** No posts: said of the filters when they are on, with a button to clear them. */
function NoPosts({ query, filter, onClearFilter }: Omit<ListingTab, 'onShowSold'>) {
  return hasListingFilter(filter) ? (
    <FilteredEmpty title={LISTING_MESSAGES.noResultsWithFilters(query)} onClear={onClearFilter} />
  ) : (
    <NoMatches title={SEARCH_MESSAGES.noResults(query)} />
  );
}

interface Loaded {
  isPending: boolean;
  error: Error | null;
  refetch(): unknown;
}

/** What a tab shows instead of results: skeletons, the sign-in prompt, an error, or nothing. */
function notReady(result: Loaded, skeleton: ReactNode): ReactNode {
  if (result.error instanceof ApiError && result.error.status === 401) return <SignInToSearch />;
  if (result.error) {
    return (
      <section className="card empty-state" role="alert">
        <h2 className="empty-state__title">{result.error.message}</h2>
        <Button onClick={() => void result.refetch()}>{MEDIA_MESSAGES.tryAgain}</Button>
      </section>
    );
  }
  return result.isPending ? skeleton : null;
}

/** The latest tab: post cards, best match first, the matched words marked. */
export function PostResults({ query, filter, onClearFilter, onShowSold }: ListingTab) {
  const results = useSearchPosts('latest', query, true, filter);
  const pages = results.data?.pages ?? [];
  const sold = <SoldHint count={pages[0]?.soldMatches ?? 0} onShowSold={onShowSold} />;
  const posts = pages.flatMap((p) => p.items);
  const terms = pages[0]?.terms ?? [];
  const waiting = notReady(
    results,
    <div className={styles.cards} aria-busy="true" aria-label="Loading results">
      <PostCardSkeleton />
      <PostCardSkeleton />
      <PostCardSkeleton />
    </div>,
  );
  if (waiting) return waiting;
  if (posts.length === 0)
    return (
      <>
        {sold}
        <NoPosts query={query} filter={filter} onClearFilter={onClearFilter} />
      </>
    );
  return (
    <>
      {sold}
      <ul className={styles.cards} aria-label={`Results for "${query}"`}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} highlight={terms} />
          </li>
        ))}
      </ul>
      <ResultsEnd pager={results} />
    </>
  );
}

/** The media tab: matching posts with photos or videos as the 3-column grid. */
export function MediaResults({ query, filter, onClearFilter, onShowSold }: ListingTab) {
  const results = useSearchPosts('media', query, true, filter);
  const pages = results.data?.pages ?? [];
  const sold = <SoldHint count={pages[0]?.soldMatches ?? 0} onShowSold={onShowSold} />;
  const posts = pages.flatMap((p) => p.items).filter((post) => post.media.length > 0);
  const waiting = notReady(
    results,
    <div className={styles.grid} aria-busy="true" aria-label="Loading results">
      {Array.from({ length: SKELETON_TILES }, (_, i) => (
        <MediaTileSkeleton key={i} />
      ))}
    </div>,
  );
  if (waiting) return waiting;
  if (posts.length === 0)
    return (
      <>
        {sold}
        <NoPosts query={query} filter={filter} onClearFilter={onClearFilter} />
      </>
    );
  return (
    <>
      {sold}
      <ul className={styles.grid} aria-label={`Photos and videos for "${query}"`}>
        {posts.map((post) => (
          <li key={post.id}>
            <MediaTile post={post} />
          </li>
        ))}
      </ul>
      <ResultsEnd pager={results} />
    </>
  );
}

/** The people tab: students of the campus, to their profiles. */
export function PeopleResults({ query }: { query: string }) {
  const results = useSearchPeople(query, true);
  const people = (results.data?.pages ?? []).flatMap((p) => p.items);
  const waiting = notReady(
    results,
    <div className={`card ${styles.people}`} aria-busy="true" aria-label="Loading results">
      {[0, 1, 2, 3, 4].map((i) => (
        <PersonRowSkeleton key={i} />
      ))}
    </div>,
  );
  if (waiting) return waiting;
  if (people.length === 0) return <NoMatches title={SEARCH_MESSAGES.noUsers} />;
  return (
    <>
      <ul className={`card ${styles.people}`} aria-label={`People for "${query}"`}>
        {people.map((person) => (
          <li key={person.id}>
            <PersonRow person={person} />
          </li>
        ))}
      </ul>
      <ResultsEnd pager={results} />
    </>
  );
}
