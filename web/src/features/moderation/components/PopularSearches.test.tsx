import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODERATION_MESSAGES as M } from '@common/words/moderation';
import { AlertProvider } from '../../../components/ui/Alerts';
import { PopularSearches } from './PopularSearches';

/**
 * The moderation page's popular searches (ADR 040): each with a Remove
 * button that asks first, then drops the query and shows the list without
 * it. The server's rules are search.test.ts's.
 */

let popular = [
  { id: 's1', text: 'calculator' },
  { id: 's2', text: 'scam-deals.example' },
];
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? 'GET'} ${url}`);
    if (init.method === 'DELETE') {
      popular = popular.filter((p) => !url.endsWith(`/${p.id}`));
      return Response.json({ message: M.searchDropped });
    }
    return Response.json({ items: popular });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('popular searches on the moderation page', () => {
  it('removes a query once the moderator confirms, and lists the rest', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AlertProvider>
          <PopularSearches />
        </AlertProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: M.dropSearchLabel('scam-deals.example') }),
    );
    await screen.findByRole('heading', { name: M.dropSearchTitle('scam-deals.example') });
    expect(asked).toEqual(['GET /api/search/popular']);
    fireEvent.click(screen.getByRole('button', { name: M.dropSearchButton }));
    await screen.findByText(M.searchDropped);
    expect(asked).toContain('DELETE /api/moderation/searches/s2');
    await waitFor(() => expect(screen.queryByText('scam-deals.example')).toBeNull());
    expect(screen.getByText('calculator')).toBeTruthy();
  });
});
