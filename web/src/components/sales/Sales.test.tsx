import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorDto } from '@common/schemas/posts';
import { SALE_MESSAGES as M, type SaleDto } from '@common/schemas/sales';
import { AlertProvider } from '../ui/Alerts';
import { ReviewDialog } from './ReviewDialog';
import { SoldToDialog } from './SoldToDialog';

/** "Sold to", the review form and a profile's reviews (ADR 052). */

const person = (id: string, firstName: string, verified = true): AuthorDto => ({
  id,
  username: firstName.toLowerCase(),
  firstName,
  lastInitial: 'D.',
  avatarUrl: null,
  verified,
});

const sale: SaleDto = {
  id: 'sale-1',
  listingId: 'post-1',
  title: 'Walnut desk',
  price: 40,
  seller: person('seller', 'Riley'),
  buyer: person('buyer', 'Jamie'),
  createdAt: Date.now(),
  reviewsCloseAt: Date.now() + 1,
  myReview: null,
  can: { review: true },
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answer: (call: Call) => Response;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : null,
    };
    calls.push(call);
    return answer(call);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function shown(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AlertProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </AlertProvider>
    </QueryClientProvider>,
  );
}

describe('Sold to', { timeout: 20_000 }, () => {
  it('lists who talked about it, newest first, then Someone else; sends the choice', async () => {
    answer = ({ method }) =>
      method === 'GET'
        ? Response.json({ items: [person('a', 'Jamie'), person('b', 'Morgan', false)] })
        : Response.json(sale);
    const onOpenChange = vi.fn();
    shown(<SoldToDialog post={{ id: 'post-1' }} open onOpenChange={onOpenChange} />);
    expect(screen.getByRole('dialog', { name: M.soldToTitle })).toBeTruthy();
    const jamie = await screen.findByRole('radio', { name: /Jamie D\./ });
    const options = screen.getAllByRole('radio');
    expect(options.map((o) => o.closest('label')!.textContent)).toEqual([
      expect.stringContaining('Jamie D.'),
      expect.stringContaining('Morgan D.'),
      M.someoneElse,
    ]);
    expect((jamie as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Morgan/ }));
    fireEvent.click(screen.getByRole('button', { name: M.markSold }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.at(-1)).toEqual({
      url: '/api/posts/post-1/sale',
      method: 'PUT',
      body: { buyerId: 'b' },
    });
  });

  it('offers only Someone else when nobody talked about it, and sends null', async () => {
    answer = ({ method }) =>
      method === 'GET' ? Response.json({ items: [] }) : Response.json({ ...sale, buyer: null });
    shown(<SoldToDialog post={{ id: 'post-1' }} open onOpenChange={() => undefined} />);
    expect(await screen.findByText(M.noCandidates)).toBeTruthy();
    expect((screen.getByRole('radio', { name: M.someoneElse }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: M.markSold }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ buyerId: null }));
  });
});

describe('the review form', () => {
  it('asks for stars first, then sends stars, tags and text once', async () => {
    answer = () => Response.json({ ...sale, can: { review: false } }, { status: 201 });
    const onOpenChange = vi.fn();
    shown(<ReviewDialog sale={sale} viewerId="buyer" open onOpenChange={onOpenChange} />);
    expect(screen.getByRole('dialog', { name: M.reviewTitle('Riley D.') })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.starsRequired);
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'On time' }));
    fireEvent.change(screen.getByLabelText(M.textLabel), { target: { value: 'Easy pickup.' } });
    expect(screen.getByText('12 / 280')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls).toEqual([
      {
        url: '/api/sales/sale-1/reviews',
        method: 'POST',
        body: { stars: 4, tags: ['on-time'], text: 'Easy pickup.' },
      },
    ]);
  });

  it('says the text is too long, in the product’s words', async () => {
    answer = () => Response.json(sale);
    shown(<ReviewDialog sale={sale} viewerId="seller" open onOpenChange={() => undefined} />);
    expect(screen.getByRole('dialog', { name: M.reviewTitle('Jamie D.') })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.change(screen.getByLabelText(M.textLabel), { target: { value: 'x'.repeat(281) } });
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.textTooLong);
    expect(calls).toHaveLength(0);
  });
});
