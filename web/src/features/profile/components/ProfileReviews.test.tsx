import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorDto } from '@common/schemas/posts';
import { SALE_MESSAGES as M } from '@common/schemas/sales';
import { ProfileReviews } from './ProfileReviews';
import { AlertProvider } from '../../../components/ui/Alerts';

/** A profile's stars, counts and visible reviews (ADR 052). */

const person = (id: string, firstName: string, verified = true): AuthorDto => ({
  id,
  username: firstName.toLowerCase(),
  firstName,
  lastInitial: 'D.',
  avatarUrl: null,
  verified,
});

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

describe("a profile's reviews", { timeout: 20_000 }, () => {
  it('shows the stars to one decimal, the counts and each review', async () => {
    answer = () =>
      Response.json({
        stats: { average: 4.3, count: 3, sold: 4, bought: 1 },
        items: [
          {
            id: 'r1',
            stars: 4,
            tags: ['on-time', 'friendly'],
            text: 'Easy pickup.',
            createdAt: Date.now() - 60_000,
            author: person('buyer', 'Jamie'),
            authorRole: 'buyer',
            title: 'Walnut desk',
            visible: true,
            can: { report: true },
          },
        ],
        nextCursor: null,
      });
    shown(
      <ProfileReviews username="riley" firstName="Riley" expanded={false} onExpand={() => {}} />,
    );
    const section = await screen.findByRole('region', { name: M.reviewsHeading });
    await waitFor(() => expect(section.textContent).toContain('★ 4.3'));
    expect(section.textContent).toContain('3 reviews');
    expect(section.textContent).toContain('4 sold');
    expect(section.textContent).toContain('1 bought');
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(section.textContent).toContain('Bought Walnut desk');
    expect(section.textContent).toContain('On time');
    expect(section.textContent).toContain('Easy pickup.');
    expect(screen.getByRole('img', { name: 'Verified student' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Report: review by Jamie D.' }));
    expect(await screen.findByRole('dialog', { name: 'Report this review?' })).toBeTruthy();
  });

  it('says politely that there are no reviews yet', async () => {
    answer = () =>
      Response.json({
        stats: { average: null, count: 0, sold: 0, bought: 0 },
        items: [],
        nextCursor: null,
      });
    shown(<ProfileReviews username="sam" firstName="Sam" expanded={false} onExpand={() => {}} />);
    expect(await screen.findByText(M.noReviews('Sam'))).toBeTruthy();
  });
});
