import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_LABELS, categoryLabel } from './categories';

describe('category labels', () => {
  it('every category has a label that is its value, capitalised as written', () => {
    for (const value of CATEGORIES) {
      const label = CATEGORY_LABELS[value];
      expect(label.toLowerCase(), value).toBe(value);
      // Every word starts with a capital (or a digit): "3D Printers", never "Tvs".
      for (const word of label.split(/[\s,&]+/).filter(Boolean)) {
        expect(word, label).toMatch(/^[A-Z0-9]/);
      }
    }
  });

  it('writes initialisms the way people do', () => {
    expect(categoryLabel('tvs & media players')).toBe('TVs & Media Players');
    expect(categoryLabel('3d printers & supplies')).toBe('3D Printers & Supplies');
    expect(categoryLabel('books, movies, & music')).toBe('Books, Movies, & Music');
  });

  it('shows an unknown value as it is', () => {
    expect(categoryLabel('all')).toBe('all');
  });
});
