import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MEDIA_MESSAGES } from '@common/messages';
import type { ListingFilter } from '@common/schemas/posts';
import { SEARCH_MESSAGES } from '@common/words/search';
import { MediaResults, PostResults } from './SearchResults';

/**
 * The search's states that need no server to show (ADR 035): an empty answer said
 * of the filters when they are on, in the catalogue's words when they are off, and an
 * error with Try again. The whole search journey is e2e/search and e2e/filtered-empty.
 */

/** What GET /api/search/posts answers, and which URLs were asked. */
let answer: () => Response;
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  answer = () => Response.json({ items: [], nextCursor: null, terms: [], soldMatches: 0 });
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function results(
  query: string,
  filter: ListingFilter,
  onClearFilter = () => {},
  onShowSold = () => {},
  Tab = PostResults,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Tab query={query} filter={filter} onClearFilter={onClearFilter} onShowSold={onShowSold} />
    </QueryClientProvider>,
  );
}

describe('search results, none found', () => {
  it('says the filters hid everything and offers to clear them when filters are on', async () => {
    const onClear = vi.fn();
    results('oak desk', { maxPrice: 10 }, onClear);
    await screen.findByRole('heading', { name: L.noResultsWithFilters('oak desk') });
    expect(asked).toEqual(['/api/search/posts?q=oak+desk&maxPrice=10']);
    expect(screen.getByText(L.filtersHideHint)).toBeTruthy();
    expect(
      screen.queryByRole('heading', { name: SEARCH_MESSAGES.noResults('oak desk') }),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: L.clearAllFilters }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it("keeps the catalogue's words, and no button, when no filter is on", async () => {
    results('zzqx', {});
    await screen.findByRole('heading', { name: SEARCH_MESSAGES.noResults('zzqx') });
    expect(screen.queryByRole('button', { name: L.clearAllFilters })).toBeNull();
    expect(screen.queryByText(L.filtersHideHint)).toBeNull();
  });

  it('shows the loading cards until the answer, then the answer', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async () => {
      await held;
      return answer();
    });
    results('lamp', {});
    expect(screen.getByLabelText('Loading results').getAttribute('aria-busy')).toBe('true');
    release();
    await screen.findByRole('heading', { name: SEARCH_MESSAGES.noResults('lamp') });
    expect(screen.queryByLabelText('Loading results')).toBeNull();
  });

  it("says the server's error and asks again on Try again", async () => {
    answer = () =>
      Response.json(
        { error: { code: 'unavailable', message: 'Search is resting. Try again soon.' } },
        { status: 503 },
      );
    results('fridge', {});
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search is resting. Try again soon.');
    answer = () => Response.json({ items: [], nextCursor: null, terms: [], soldMatches: 0 });
    fireEvent.click(screen.getByRole('button', { name: MEDIA_MESSAGES.tryAgain }));
    await screen.findByRole('heading', { name: SEARCH_MESSAGES.noResults('fridge') });
    expect(asked).toHaveLength(2);
  });
});

describe('sold listings that also match (ADR 050)', () => {
  const soldAnswer = (soldMatches: number) => () =>
    Response.json({ items: [], nextCursor: null, terms: [], soldMatches });

  it('says how many matched and offers them with Show them', async () => {
    answer = soldAnswer(2);
    const onShowSold = vi.fn();
    results('bike', {}, () => {}, onShowSold);
    await screen.findByRole('heading', { name: SEARCH_MESSAGES.noResults('bike') });
    expect(screen.getByText(L.soldAlsoMatch(2)).textContent).toBe('2 sold listings also match.');
    const show = screen.getByRole('button', { name: L.showSold });
    expect(show.getAttribute('aria-describedby')).toBe(screen.getByText(L.soldAlsoMatch(2)).id);
    fireEvent.click(show);
    expect(onShowSold).toHaveBeenCalledOnce();
  });

  it('says it of one listing in the singular, on the media tab too', async () => {
    answer = soldAnswer(1);
    results(
      'bike',
      {},
      () => {},
      () => {},
      MediaResults,
    );
    expect((await screen.findByText(L.soldAlsoMatch(1))).textContent).toBe(
      '1 sold listing also matches.',
    );
  });

  it('says nothing when no sold listing matched', async () => {
    results('bike', {});
    await screen.findByRole('heading', { name: SEARCH_MESSAGES.noResults('bike') });
    expect(screen.queryByRole('button', { name: L.showSold })).toBeNull();
  });
});
