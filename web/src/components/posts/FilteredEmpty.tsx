import type { ReactNode } from 'react';
import { LISTING_MESSAGES as L } from '@common/listings';
import { Button } from '../ui/Button';
import { SearchIcon } from '../ui/Icons';

/** An empty list of results: the search icon, its title and whatever follows. */
export function NoMatches({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="card empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        <SearchIcon width={28} height={28} />
      </span>
      <h2 className="empty-state__title">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The empty state of the feed and search when the listing filters hid every
 * post: it says so and offers to clear them (the page keeps its query).
 */
export function FilteredEmpty({ title, onClear }: { title: string; onClear(): void }) {
  return (
    <NoMatches title={title}>
      <p className="empty-state__text">{L.filtersHideHint}</p>
      <Button onClick={onClear}>{L.clearAllFilters}</Button>
    </NoMatches>
  );
}
