import { useRef } from 'react';
import { MESSAGES } from '@common/messages';
import { Spinner } from '../../../components/ui/Spinner';
import { useLoadMore } from '../../../lib/use-load-more';
import styles from './SearchResults.module.css';

export interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  data?: { pages: unknown[] };
}

/** The end of a result list: loads the next page as it comes near, then says the list is over. */
export function ResultsEnd({ pager }: { pager: Pager }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadMore(sentinel, {
    hasNextPage: pager.hasNextPage,
    isFetchingNextPage: pager.isFetchingNextPage,
    fetchNextPage: pager.fetchNextPage,
    pageCount: pager.data?.pages.length ?? 0,
  });
  return (
    <>
      <div ref={sentinel} className={styles.sentinel} />
      {pager.isFetchingNextPage ? (
        <Spinner />
      ) : pager.hasNextPage ? null : (
        <p className={styles.end}>{MESSAGES.feedEnd}</p>
      )}
    </>
  );
}
