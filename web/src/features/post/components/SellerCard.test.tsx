import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeededCampusId } from '@common/campuses';
import type { AuthorDto } from '@common/schemas/posts';
import { CampusProvider } from '../../../lib/campus';
import { campusesFetch, RICE, siteOf } from '../../../test/campuses';
import { SellerCard } from './SellerCard';

/** The seller card of a listing's page (ADR 048): only what the seller's profile shows the campus. */

const author: AuthorDto = {
  id: 'seller',
  username: 'dana-whitfield',
  firstName: 'Dana',
  lastInitial: 'W.',
  avatarUrl: null,
  verified: true,
};

const renderCard = (
  seller: { memberSince: number; soldCount: number } | null,
  { site = 'ut', campusId = 'ut' }: { site?: SeededCampusId; campusId?: string } = {},
) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CampusProvider campus={siteOf(site)}>
        <MemoryRouter>
          <SellerCard author={author} seller={seller} campusId={campusId} />
        </MemoryRouter>
      </CampusProvider>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SellerCard', () => {
  it('names the seller, links their profile and says their school, since when and how many sold', () => {
    renderCard({ memberSince: new Date(2024, 8, 14).getTime(), soldCount: 3 });
    const card = screen.getByRole('region', { name: 'Seller' });
    expect(screen.getByRole('link', { name: 'Dana W.' }).getAttribute('href')).toBe(
      '/dana-whitfield',
    );
    expect(card.textContent).toContain('The University of Texas at Austin');
    expect(screen.getByText('Member since September 2024')).toBeTruthy();
    expect(screen.getByText('3 listings sold')).toBeTruthy();
  });

  it('says "1 listing sold" for one', () => {
    renderCard({ memberSince: new Date(2025, 0, 2).getTime(), soldCount: 1 });
    expect(screen.getByText('1 listing sold')).toBeTruthy();
    expect(screen.getByText('Member since January 2025')).toBeTruthy();
  });

  it('shows only the name of a seller the server says nothing about (one who left the campus)', () => {
    renderCard(null);
    expect(screen.getByRole('link', { name: 'Dana W.' })).toBeTruthy();
    expect(screen.queryByText(/Member since/)).toBeNull();
    expect(screen.queryByText(/sold/)).toBeNull();
    expect(screen.queryByText('The University of Texas at Austin')).toBeNull();
  });

  it("names the school of a campus added after this build, from the server's list", async () => {
    const server = campusesFetch([siteOf('ut'), RICE]);
    vi.stubGlobal('fetch', server.fetch);
    renderCard(
      { memberSince: new Date(2025, 0, 2).getTime(), soldCount: 2 },
      {
        site: 'campus',
        campusId: 'rice',
      },
    );
    expect(await screen.findByText('Rice University')).toBeTruthy();
    expect(server.calls).toEqual(['/api/campuses']);
    // No compiled campus stands in for it.
    expect(screen.queryByText('University of Oklahoma')).toBeNull();
  });

  it("asks the server nothing for the site's own campus", () => {
    const server = campusesFetch([]);
    vi.stubGlobal('fetch', server.fetch);
    renderCard({ memberSince: new Date(2025, 0, 2).getTime(), soldCount: 2 });
    expect(screen.getByText('The University of Texas at Austin')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
