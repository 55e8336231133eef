import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, LISTING_MESSAGES, PRICE_MAX, priceLabel, wholeNumber } from './listings';

describe('prices as a card writes them', () => {
  it('group whole numbers as en-US does, for every whole number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(wholeNumber(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    expect(wholeNumber(PRICE_MAX)).toBe('100,000');
  });

  it('say "Free" for nothing, dollars otherwise, and OBO beside a price', () => {
    expect(formatPrice(0)).toBe(LISTING_MESSAGES.free);
    expect(formatPrice(1200)).toBe('$1,200');
    expect(priceLabel({ price: 40, obo: true })).toBe('$40 · OBO');
    expect(priceLabel({ price: 0, obo: true })).toBe('Free');
    expect(priceLabel({ price: null, obo: false })).toBeNull();
    expect(LISTING_MESSAGES.priceTooHigh).toBe('The price can be at most $100,000.');
  });
});
