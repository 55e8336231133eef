import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  corrections,
  editDistance,
  highlightTerms,
  matchScore,
  plain,
  queryWords,
  stem,
  wordsOf,
} from './search.text';

describe('words of a query and a listing', () => {
  it('ignores case, accents, punctuation, stop words and repeats', () => {
    expect(wordsOf('Café-DESK, 2 chairs!')).toEqual(['cafe', 'desk', '2', 'chairs']);
    expect(queryWords('the Mini fridge for the dorm fridge')).toEqual(['mini', 'fridge', 'dorm']);
    expect(queryWords('the')).toEqual(['the']);
    expect(queryWords('a b desk')).toEqual(['desk']);
    expect(plain('de\u0000sk\u200b\u202e')).toBe('de sk  ');
  });

  it('stems plurals and endings enough to rank them with the word', () => {
    expect(['desks', 'boxes', 'batteries', 'chairs', 'glass'].map(stem)).toEqual([
      'desk',
      'box',
      'battery',
      'chair',
      'glass',
    ]);
  });
});

describe('edit distance and corrections', () => {
  it('counts substitutions, insertions, deletions and swapped neighbours', () => {
    expect(editDistance('bycicle', 'bicycle', 2)).toBe(2);
    expect(editDistance('fridge', 'firdge', 2)).toBe(1);
    expect(editDistance('desk', 'desks', 2)).toBe(1);
    expect(editDistance('lamp', 'table', 1)).toBe(2);
  });

  it('is symmetric and never more than the longer word', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = editDistance(a, b, 20);
        expect(editDistance(b, a, 20)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d === 0).toBe(a === b);
      }),
    );
  });

  it('corrects to the nearest words, the most used first, none for short words', () => {
    const vocabulary = [
      { term: 'bicycle', uses: 40 },
      { term: 'bicycles', uses: 3 },
      { term: 'icicle', uses: 9 },
      { term: 'bible', uses: 2 },
    ];
    expect(corrections('bycicle', vocabulary)).toEqual(['bicycle', 'icicle']);
    expect(corrections('bic', vocabulary)).toEqual([]);
  });
});

describe('match score', () => {
  const terms = (word: string, ...fixes: string[]) => [{ word, corrections: fixes }];
  it('scores a word as typed above a word it begins above a correction', () => {
    const exact = matchScore(terms('desk'), 'Oak desk');
    const plural = matchScore(terms('desk'), 'Two desks');
    const prefix = matchScore(terms('desk'), 'Desktop computer');
    const typo = matchScore(terms('dsek', 'desk'), 'Oak desk');
    expect(exact).toBe(plural);
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(0);
    expect(matchScore([...terms('desk'), ...terms('lamp')], 'Oak desk')).toBe(0);
  });

  it('highlights the words, their stems and corrections', () => {
    expect(highlightTerms([{ word: 'desks', corrections: [] }, ...terms('lampz', 'lamp')])).toEqual(
      ['desks', 'desk', 'lampz', 'lamp'],
    );
  });
});
