import { describe, expect, it } from 'vitest';
import { dropdownSections, moveHighlight, searchPath, tabOf } from './search-options';

const popular = ['desk', 'bike', 'fridge', 'lamp', 'couch'].map((text, i) => ({
  id: `p${i}`,
  text,
}));
const recent = [{ id: 'r1', text: 'mini fridge' }];

describe('dropdownSections', () => {
  it('shows 4 popular searches and the recent ones for an empty box', () => {
    const sections = dropdownSections({ typed: '  ', popular, recent, suggestions: [] });
    expect(sections.popular.map((o) => o.text)).toEqual(['desk', 'bike', 'fridge', 'lamp']);
    expect(sections.recent).toEqual([
      { key: 'r-r1', text: 'mini fridge', kind: 'recent', id: 'r1' },
    ]);
    expect(sections.all.map((o) => o.text)).toEqual([
      'desk',
      'bike',
      'fridge',
      'lamp',
      'mini fridge',
    ]);
  });

  it('shows only the suggestions while typing, each text once', () => {
    const sections = dropdownSections({
      typed: 'fri',
      popular,
      recent,
      suggestions: [
        { text: 'mini fridge', kind: 'recent' },
        { text: 'Mini Fridge', kind: 'query' },
        { text: 'fridge', kind: 'word' },
      ],
    });
    expect(sections.popular).toEqual([]);
    expect(sections.recent).toEqual([]);
    expect(sections.all.map((o) => [o.text, o.kind])).toEqual([
      ['mini fridge', 'recent'],
      ['fridge', 'word'],
    ]);
  });
});

describe('moveHighlight', () => {
  it('starts at the first on ↓ and the last on ↑', () => {
    expect(moveHighlight(-1, 1, 3)).toBe(0);
    expect(moveHighlight(-1, -1, 3)).toBe(2);
  });
  it('wraps around both ways', () => {
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(1, 1, 3)).toBe(2);
  });
  it('has nothing to highlight in an empty list', () => {
    expect(moveHighlight(0, 1, 0)).toBe(-1);
  });
});

describe('tabOf and searchPath', () => {
  it('falls back to latest', () => {
    expect(tabOf('media')).toBe('media');
    expect(tabOf('people')).toBe('people');
    expect(tabOf('photos')).toBe('latest');
    expect(tabOf(null)).toBe('latest');
  });
  it('encodes the query', () => {
    expect(searchPath('mini fridge & co', 'media')).toBe('/search?q=mini+fridge+%26+co&show=media');
  });
});
