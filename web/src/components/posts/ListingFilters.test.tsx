import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTING_MESSAGES as L } from '@common/listings';
import type { ListingFilter } from '@common/schemas/posts';
import { ListingFilters } from './ListingFilters';

/**
 * The listing filters' panel (ADR 023) in the states that need no server (ADR 035):
 * its button's count, the panel holding the current filters, Quad's words for a
 * price it refuses, and what Apply and Clear hand the page. Filtering the feed and
 * search is e2e/listings.
 */

afterEach(cleanup);

function filters(value: ListingFilter) {
  const onChange = vi.fn<(filter: ListingFilter) => void>();
  render(<ListingFilters value={value} onChange={onChange} />);
  const toggle = screen.getByRole('button', { name: new RegExp(`^${L.filters}`) });
  return { onChange, toggle };
}
const field = (name: string) => screen.getByRole('textbox', { name });

describe('the listing filters', () => {
  it('count the filters that are on on their button, and open with them', () => {
    const { toggle } = filters({ maxPrice: 50, sort: 'price', free: true });
    expect(toggle.textContent).toBe(`${L.filters}3`);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((field(L.maxPrice) as HTMLInputElement).value).toBe('50');
    expect((field(L.minPrice) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox', { name: L.freeOnly }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('combobox', { name: L.sortBy }) as HTMLSelectElement).value).toBe(
      'price',
    );
  });

  it('show no count when none is on', () => {
    expect(filters({}).toggle.textContent).toBe(L.filters);
  });

  it.each([
    ['12.50', '', L.priceWhole],
    ['', 'ten', L.priceWhole],
    ['60', '20', L.minAboveMax],
  ])('refuse min %j and max %j in Quad’s words, and filter nothing', (min, max, message) => {
    const { onChange, toggle } = filters({});
    fireEvent.click(toggle);
    fireEvent.change(field(L.minPrice), { target: { value: min } });
    fireEvent.change(field(L.maxPrice), { target: { value: max } });
    fireEvent.click(screen.getByRole('button', { name: L.applyFilters }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('hand the page what was chosen on Apply, and close', () => {
    const { onChange, toggle } = filters({});
    fireEvent.click(toggle);
    fireEvent.change(field(L.minPrice), { target: { value: ' 10 ' } });
    fireEvent.change(field(L.maxPrice), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('switch', { name: L.includeSold }));
    fireEvent.change(screen.getByRole('combobox', { name: L.sortBy }), {
      target: { value: 'price' },
    });
    fireEvent.click(screen.getByRole('button', { name: L.applyFilters }));
    expect(onChange).toHaveBeenCalledWith({
      minPrice: 10,
      maxPrice: 30,
      includeSold: true,
      sort: 'price',
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('hand the page no filter at all on Clear', () => {
    const { onChange, toggle } = filters({ minPrice: 5, free: true });
    fireEvent.click(toggle);
    const panel = screen.getByRole('button', { name: L.applyFilters }).closest('form')!;
    fireEvent.click(within(panel).getByRole('button', { name: L.clearFilters }));
    expect(onChange).toHaveBeenCalledWith({});
  });
});
