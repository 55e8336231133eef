import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import type { AuthorDto } from '@common/schemas/posts';
import { SALE_MESSAGES as M } from '@common/schemas/sales';
import { AlertProvider } from '../../../components/ui/Alerts';
import { notificationKeys } from '../../../lib/chat-keys';
import { DidItSellActions } from './DidItSell';

/** "Did it sell?" answered Sold records the sale as the listing's Mark as sold does (ADR 061). */

const jamie: AuthorDto = {
  id: 'jamie',
  username: 'jamie',
  firstName: 'Jamie',
  lastInitial: 'D.',
  avatarUrl: null,
  verified: true,
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
    if (method === 'GET') return Response.json({ items: [jamie] });
    return Response.json({
      id: 'sale-1',
      listingId: 'post-1',
      title: 'Walnut desk',
      price: 40,
      seller: { ...jamie, id: 'seller', firstName: 'Riley' },
      buyer: jamie,
      createdAt: Date.now(),
      reviewsCloseAt: Date.now() + 1,
      myReview: null,
      can: { review: true },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Did it sell?', { timeout: 20_000 }, () => {
  it('answers Sold with the "Sold to" choice and records the sale to the chosen student', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <AlertProvider>
          <MemoryRouter>
            <DidItSellActions postId="post-1" />
          </MemoryRouter>
        </AlertProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: L.answerSold }));
    const dialog = await screen.findByRole('dialog', { name: M.soldToTitle });
    expect(dialog).toBeTruthy();
    const student = await screen.findByRole('radio', { name: /Jamie D\./ });
    expect((student as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: M.someoneElse })).toBeTruthy();
    // Nothing is marked sold until the seller says to whom.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: M.markSold }));
    expect(await screen.findByText(L.markedSold)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { url: '/api/posts/post-1/sale', method: 'PUT', body: { buyerId: 'jamie' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.list });
  });
});
