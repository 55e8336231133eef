import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorDto } from '@common/schemas/posts';
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

const renderCard = (seller: { memberSince: number; soldCount: number } | null) =>
  render(
    <MemoryRouter>
      <SellerCard author={author} seller={seller} campusId="ut" />
    </MemoryRouter>,
  );

afterEach(cleanup);

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
});
