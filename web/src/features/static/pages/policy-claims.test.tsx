import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import type { CampusDto } from '@common/schemas/campus';
import { CampusProvider } from '../../../lib/campus';
import { TermsPage } from './TermsPage';
import { TrustPage } from './TrustPage';

/**
 * The policy pages describe what the product does (ADR 050): students meet
 * and pay in person; there is no shipping and no Pro Seller; the two sides of
 * a sale review each other once, within 14 days (ADR 052).
 */

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function textOf(Page: () => React.JSX.Element): string {
  const { container } = render(
    <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </CampusProvider>,
  );
  return (container.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the policy pages', () => {
  it('Terms: payment in person and payouts, no shipping nor Pro Sellers', () => {
    const terms = textOf(TermsPage);
    expect(terms).toContain('pay each other in person');
    expect(terms).toContain('set up payouts');
    expect(terms).not.toMatch(/Pro Seller|ship the item|shipped|after delivery|in-app payments/i);
  });

  it('Trust & Safety: reviews as built, no in-app payments', () => {
    const trust = textOf(TrustPage);
    expect(trust).toContain('Pay in person');
    expect(trust).toContain('Review each other');
    expect(trust).toContain('one review within 14 days: 1 to 5 stars');
    expect(trust).toContain('once you have both reviewed, or after the 14 days');
    expect(trust).not.toMatch(/in-app payments/i);
  });
});
