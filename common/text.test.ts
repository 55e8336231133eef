import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countPostCharacters,
  hasControlCharacters,
  isBlank,
  firstFreeUsername,
  parseName,
  isReservedUsername,
  RESERVED_USERNAMES,
  USERNAME_PATTERN,
  usernameBase,
} from './text';

describe('parseName', () => {
  it('splits on space, dot, comma and hyphen', () => {
    expect(parseName('Jane Doe')).toMatchObject({
      firstName: 'Jane',
      middleName: '',
      lastName: 'Doe',
      words: 2,
    });
    expect(parseName('Mary-Kate Olsen')).toMatchObject({
      firstName: 'Mary',
      middleName: 'Kate',
      lastName: 'Olsen',
    });
    expect(parseName('jane.q.public')).toMatchObject({
      firstName: 'jane',
      middleName: 'q',
      lastName: 'public',
    });
    expect(parseName('Doe, John')).toMatchObject({ firstName: 'Doe', lastName: 'John' });
  });

  it('drops words containing digits and keeps the middle name', () => {
    expect(parseName('Ana 2024 Maria Lopez99 Ruiz')).toMatchObject({
      firstName: 'Ana',
      middleName: 'Maria',
      lastName: 'Ruiz',
      words: 3,
    });
  });

  it("defaults to 'anonymous' and 'user'", () => {
    expect(parseName('')).toMatchObject({ firstName: 'anonymous', lastName: 'user', words: 0 });
    expect(parseName('Cher')).toMatchObject({ firstName: 'Cher', lastName: 'user', words: 1 });
    expect(parseName('123 456')).toMatchObject({
      firstName: 'anonymous',
      lastName: 'user',
      words: 0,
    });
  });
});

describe('usernames', () => {
  it('are the lowercased first plus last name', () => {
    expect(usernameBase('Jane', 'Doe')).toBe('janedoe');
    expect(usernameBase('José', "O'Brien")).toBe('joseobrien');
    expect(usernameBase('李', '王')).toBe('user');
  });

  it('take -2, -3 … until free', () => {
    expect(firstFreeUsername('janedoe', new Set())).toBe('janedoe');
    expect(firstFreeUsername('janedoe', new Set(['janedoe']))).toBe('janedoe-2');
    expect(firstFreeUsername('janedoe', new Set(['janedoe', 'janedoe-2', 'janedoe-3']))).toBe(
      'janedoe-4',
    );
  });

  it('pass over free names when asked to (a sign-up that lost a race for one)', () => {
    expect(firstFreeUsername('janedoe', new Set(['janedoe-2']), 1)).toBe('janedoe-3');
    expect(firstFreeUsername('janedoe', new Set(['janedoe']), 2)).toBe('janedoe-4');
  });

  it('never hand out a reserved route name', () => {
    expect(RESERVED_USERNAMES.has('settings')).toBe(true);
    expect(firstFreeUsername('settings', new Set())).toBe('settings-2');
    expect(firstFreeUsername('moderation', new Set())).toBe('moderation-2');
  });

  it('reserve every page of the app and names that look like files, not names with a dot', () => {
    for (const name of ['moderation', 'reset_password', 'metrics', 'index.html', 'robots.txt'])
      expect(isReservedUsername(name), name).toBe(true);
    for (const name of ['jane.doe', 'j.smith', 'maya_k', 'html', 'settings-2'])
      expect(isReservedUsername(name), name).toBe(false);
  });

  it('always produce a valid, free username', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.array(fc.string()), (first, last, takenList) => {
        const taken = new Set(takenList);
        const name = firstFreeUsername(usernameBase(first, last), taken);
        expect(name).toMatch(USERNAME_PATTERN);
        expect(taken.has(name)).toBe(false);
      }),
    );
  });
});

describe('countPostCharacters', () => {
  it('counts characters plus 2 per line break', () => {
    expect(countPostCharacters('')).toBe(0);
    expect(countPostCharacters('hello')).toBe(5);
    expect(countPostCharacters('a\nb')).toBe(4);
    expect(countPostCharacters('a\n\nb')).toBe(6);
    expect(countPostCharacters('👍')).toBe(1);
  });
});

describe('hasControlCharacters and isBlank (ADR 017: hostile input)', () => {
  it('finds NUL, escape and C1 controls; multi-line text keeps tabs and line breaks', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('\u001b[31m', true)).toBe(true);
    expect(hasControlCharacters('\u0085', true)).toBe(true);
    expect(hasControlCharacters('a\tb\nc')).toBe(true);
    expect(hasControlCharacters('a\tb\r\nc', true)).toBe(false);
    expect(hasControlCharacters('Ana María 👩‍👩‍👧')).toBe(false);
  });

  it('counts zero-width, bidi and other format characters as nothing', () => {
    expect(isBlank('\u200B\u200B')).toBe(true);
    expect(isBlank(' \u200C\u200D\u2060\uFEFF\u202E\u00AD\n')).toBe(true);
    expect(isBlank('\u3164\u2800')).toBe(true);
    expect(isBlank('\u200Ba')).toBe(false);
    expect(isBlank('👍')).toBe(false);
  });

  it('leaves invisible words out of a name', () => {
    expect(parseName('\u200B Doe').words).toBe(1);
  });
});
