/**
 * The text the scam rules read (ADR 018, "What the rules read"): a message as
 * it looks on screen, not as it is spelt. A zero-width space, a soft hyphen,
 * a fullwidth letter or a Cyrillic "а" changes the bytes a pattern sees but
 * not what the recipient reads, so each is undone before a rule runs.
 */

/**
 * Characters that draw nothing: zero-width space, non-joiner and joiner, the
 * soft hyphen, the word joiner and invisible operators, the byte-order mark,
 * the Mongolian vowel separator, and every bidi control (embeddings,
 * overrides, isolates, the marks).
 */
// The combining ones (grapheme joiner, Khmer inherent vowels, variation selectors) stand
// alone, outside the class: inside it they would read as joined to the character before.
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]|\u034f|[\u17b4-\u17b5]|[\u180b-\u180d]|[\ufe00-\ufe0f]/g;

/**
 * Letters of other alphabets drawn like a Latin letter (lower case: the text
 * is lower-cased first). Fullwidth and mathematical forms are already Latin
 * after NFKC. Each maps one UTF-16 unit to one, so positions do not move.
 */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  н: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  п: 'n',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  ԝ: 'w',
  х: 'x',
  с: 'c',
  ԁ: 'd',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  // Latin letters drawn like plainer ones
  ı: 'i',
  ɩ: 'i',
  ɑ: 'a',
  ɡ: 'g',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');

/** Digits that stand for letters inside a word: g1ft, bitc0in, c0de. */
const DIGIT_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's' };
// Only digits with a letter on both sides: "6-digit", "4521" and "$200" keep theirs.
const DIGITS_IN_WORD = /(?<=\p{L})[01345]+(?=\p{L})/gu;

export interface ScanText {
  /** NFKC with the invisible characters removed: what the recipient sees. */
  shown: string;
  /** `shown` lower-cased with look-alike letters made Latin: what the link rule reads. */
  latin: string;
  /** `latin` with the digits inside words read as letters: what the word rules read. */
  words: string;
}

/** The forms of a message the scam rules read. */
export function scanText(text: string): ScanText {
  const shown = text.normalize('NFKC').replace(INVISIBLE, '');
  const latin = shown.toLowerCase().replace(LOOKALIKE, (c) => LOOKALIKES[c]!);
  const words = latin.replace(DIGITS_IN_WORD, (run) =>
    [...run].map((d) => DIGIT_LETTERS[d]!).join(''),
  );
  return { shown, latin, words };
}

/** True when the text holds a letter that only looks Latin. */
export function hasLookalikeLetters(text: string): boolean {
  return new RegExp(LOOKALIKE.source).test(text.toLowerCase());
}
