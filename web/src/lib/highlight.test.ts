import { describe, expect, it } from 'vitest';
import { foldWord, highlightParts } from './highlight';

const marked = (text: string, terms: string[]) =>
  highlightParts(text, terms)
    .filter((p) => p.mark)
    .map((p) => p.text);

describe('highlightParts', () => {
  it('marks the words that start with a term, keeping the text as it was', () => {
    const text = 'Selling a mini fridge, barely used';
    const parts = highlightParts(text, ['mini', 'fri']);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts).toEqual([
      { text: 'Selling a ', mark: false },
      { text: 'mini', mark: true },
      { text: ' ', mark: false },
      { text: 'fridge', mark: true },
      { text: ', barely used', mark: false },
    ]);
  });

  it('compares without case or accents', () => {
    expect(marked('CAFÉ table and Cafés', ['cafe'])).toEqual(['CAFÉ', 'Cafés']);
    expect(marked('Crème brûlée set', ['creme', 'brulee'])).toEqual(['Crème', 'brûlée']);
  });

  it('keeps accents written as combining marks inside the word', () => {
    const decomposed = 'Cafe\u0301 chairs';
    expect(marked(decomposed, ['cafe'])).toEqual(['Cafe\u0301']);
  });

  it('matches the start of a word only', () => {
    expect(marked('A bicycle, not a motorbike', ['bike', 'bicycl'])).toEqual(['bicycle']);
  });

  it('gives the text as one plain part without terms, and nothing for no text', () => {
    expect(highlightParts('Trek bicycle', [])).toEqual([{ text: 'Trek bicycle', mark: false }]);
    expect(highlightParts('Trek bicycle', [''])).toEqual([{ text: 'Trek bicycle', mark: false }]);
    expect(highlightParts('', ['trek'])).toEqual([]);
  });

  it('marks words next to each other and at both ends', () => {
    expect(highlightParts('desk desk', ['desk']).map((p) => p.mark)).toEqual([true, false, true]);
  });
});

describe('foldWord', () => {
  it('lower-cases and removes accents', () => {
    expect(foldWord('Ñandú')).toBe('nandu');
  });
});
