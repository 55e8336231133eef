import { describe, expect, it } from 'vitest';
import { initials } from './text';

describe('initials', () => {
  it('takes the first letter of the first and last names, capitalised', () => {
    expect(initials('Sam', 'Miller')).toBe('SM');
    expect(initials('sam', 'miller')).toBe('SM');
  });

  it('reads the same from a last initial, as posts carry it ("M.")', () => {
    expect(initials('Sam', 'M.')).toBe(initials('Sam', 'Miller'));
  });

  it('keeps a letter outside the basic plane whole, and gives less when a name is missing', () => {
    expect(initials('Émile', '𝒵oe')).toBe('É𝒵');
    expect(initials('Sam', '')).toBe('S');
    expect(initials('', '')).toBe('');
  });
});
