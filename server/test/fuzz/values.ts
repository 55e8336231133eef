import fc from 'fast-check';

/**
 * Values that have broken web apps before: control characters (PostgreSQL
 * refuses NUL in text), lone surrogates, invisible and bidi characters,
 * strings far over any limit, injection and traversal attempts.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u0007\u0008\u001b[31m\u007f',
  '\r\n\r\nX-Injected: 1',
  '\t\t\n\n',
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDFFF\uD83D',
  '\u200B\u200B',
  '\u200B\u200C\u200D\u2060\uFEFF',
  '\u202Egnp.exe',
  '\u2066\u2067\u2068\u2069\u061C',
  '\u00AD\u034F\u180E',
  'ﬁ①Ⅻ\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦'.repeat(40),
  'x'.repeat(1024 * 1024),
  '\u0000'.repeat(300),
  "' OR 1=1; --",
  '"; DROP TABLE users; --',
  '%00',
  '%',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffffffffffff',
];

/** Characters spliced into otherwise plausible values, so they pass the shape checks. */
export const HOSTILE_CHARACTERS: readonly string[] = [
  '\u0000',
  '\u0000',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\uD800',
  '\uDFFF',
  '\u200B',
  '\u2028',
  '\u202E',
  '\uFEFF',
  '\uFFFF',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 63,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MIN_VALUE,
];

/** Any JSON value at all, for fields of the wrong type. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { __proto__: null }),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 1000)),
  fc.jsonValue({ maxDepth: 2 }),
);

/** `plausible` with a hostile character at a random place. */
export function spliced(plausible: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(plausible, fc.constantFrom(...HOSTILE_CHARACTERS), fc.nat())
    .map(([text, bad, at]) => {
      const i = text.length === 0 ? 0 : at % (text.length + 1);
      return `${text.slice(0, i)}${bad}${text.slice(i)}`;
    });
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * `?cursor=` values a client could craft: real base64url JSON of the wrong
 * shape, of the right shape with wrong types or huge numbers, and not base64 at all.
 */
export const craftedCursor: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    b64([1e308, 'x']),
    b64([2 ** 63, '00000000-0000-0000-0000-000000000000']),
    b64([-1, '']),
    b64([1.5, 'a']),
    b64(['1', 'a']),
    b64([1, 2]),
    b64([1, 'a'.repeat(150)]),
    b64([1, 'a\u0000b']),
    b64({ updatedAt: 1e308, id: 'x' }),
    b64({ updatedAt: 1, id: 'x', score: 1e308 }),
    b64({ updatedAt: 1, id: 'x', score: 'high' }),
    b64({ updatedAt: 1.25, id: '\u0000' }),
    b64({ updatedAt: '2024', id: 1 }),
    b64({ __proto__: { updatedAt: 1 }, id: 'x' }),
    b64(Number.MAX_SAFE_INTEGER),
    b64(-10),
    b64(1e308),
    b64(null),
    b64('cursor'),
    b64([]),
    '!!!!',
    'AAAA',
    '=',
    '%00',
  ),
  fc.tuple(fc.constantFrom(...HOSTILE_NUMBERS), fc.string({ maxLength: 40 })).map(b64),
  fc.record({ updatedAt: fc.constantFrom(...HOSTILE_NUMBERS), id: fc.string() }).map(b64),
  fc.jsonValue({ maxDepth: 2 }).map(b64),
  fc.string({ maxLength: 60 }),
);
