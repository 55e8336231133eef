import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACK_HISTORY_KEY,
  type HistoryStorage,
  isSkipped,
  MAX_ENTRIES,
  type NavigationKind,
  pageOf,
  readEntries,
  recordNavigation,
  RESET_AFTER_MS,
  takeBackTarget,
} from './back-history';

/** localStorage as a Map: what the browser keeps between page loads. */
class MemoryStorage implements HistoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

/** Storage the browser refuses (Safari's private mode, a full quota). */
const refusing: HistoryStorage = {
  getItem() {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem() {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const MINUTE = 60_000;

function visit(
  storage: HistoryStorage | null,
  urls: string[],
  now = T0,
  kind: NavigationKind = 'PUSH',
) {
  for (const to of urls) recordNavigation(storage, { to, kind }, now);
}

describe('isSkipped: the pages Back never leads to', () => {
  it.each([
    // login and the other sign-in pages
    '/login',
    '/login?method=password&email=a%40b.edu',
    '/login/sent',
    '/register',
    '/register?redirect=true',
    '/user_registration',
    '/forgotpassword',
    '/reset_password?token=abc',
    '/verify',
    '/logout',
    // settings-type pages
    '/settings',
    '/settings/',
    '/settings/about',
    '/settings/privacy#cookies',
    '/settings/account',
    '/settings/account/screen_name',
    '/settings/account/school_email?campus=ut',
    '/settings/saved-searches',
    '/Settings/Account',
    '/profile/edit',
    '/profile/set-up?goBack=home',
    // pages of an older product that Quad does not build
    '/add-code',
    '/select-city',
    '/addresses',
    '/addresses/new',
    '/contact-phone',
    '/user_registration?goBack=cart',
    // comment-create and the other composers
    '/create/comment/abc?goBack=detail',
    '/create/post?goBack=%2Fhome',
    // message pages
    '/create/message?goBack=home',
    '/messages',
    '/messages/chat-1',
    '/messages/new',
    // ?show= tabs, wherever the parameter stands
    '/jane-doe?show=photos',
    '/search?q=desk&show=media',
    '/search?show=people&q=desk',
  ])('skips %s', (url) => {
    expect(isSkipped(url)).toBe(true);
  });

  it.each([
    '/home',
    '/home?category=furniture',
    '/post/abc',
    '/post/abc/likes',
    '/jane-doe',
    '/profile',
    '/media',
    '/media/abc',
    '/saved',
    '/notifications',
    '/search?q=desk',
    // look-alikes of skipped pages are pages of their own
    '/search?q=show',
    '/search?q=desk&showcase=1',
    '/settingsfan',
    '/loginov',
    '/messagesfromjane',
    '/creative',
  ])('keeps %s', (url) => {
    expect(isSkipped(url)).toBe(false);
  });
});

describe('pageOf', () => {
  it('is the page a ?show= tab belongs to, the rest of the query untouched', () => {
    expect(pageOf('/jane?show=photos')).toBe('/jane');
    expect(pageOf('/search?q=mini%20fridge&show=media')).toBe('/search?q=mini%20fridge');
    expect(pageOf('/post/abc/')).toBe('/post/abc');
    expect(pageOf('/home#top')).toBe('/home');
  });
});

describe('recordNavigation', () => {
  it('keeps visited pages oldest first, once each time in a row, without skipped ones or #fragments', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/home', '/post/1#comments', '/settings/about', '/jane?show=photos']);
    visit(storage, ['/jane', '/login?method=password', '/messages/c1', '/post/1/']);
    expect(readEntries(storage, T0)).toEqual(['/home', '/post/1', '/jane', '/post/1']);
  });

  it('stores one JSON document under one key with the time of the last write', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/post/1'], T0 + 5 * MINUTE);
    expect([...storage.items.keys()]).toEqual([BACK_HISTORY_KEY]);
    expect(JSON.parse(storage.getItem(BACK_HISTORY_KEY)!)).toEqual({
      updatedAt: T0 + 5 * MINUTE,
      entries: ['/home', '/post/1'],
    });
  });

  it(`keeps only the last ${MAX_ENTRIES} pages`, () => {
    const storage = new MemoryStorage();
    const urls = Array.from({ length: MAX_ENTRIES + 7 }, (_, i) => `/post/${i}`);
    visit(storage, urls);
    const entries = readEntries(storage, T0);
    expect(entries).toHaveLength(MAX_ENTRIES);
    expect(entries[0]).toBe('/post/7');
    expect(entries.at(-1)).toBe(`/post/${MAX_ENTRIES + 6}`);
  });

  it('a redirect takes the place of the page it replaced', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/']);
    recordNavigation(storage, { to: '/home', kind: 'REPLACE', from: '/' }, T0);
    visit(storage, ['/old-name']);
    recordNavigation(storage, { to: '/new-name', kind: 'REPLACE', from: '/old-name' }, T0);
    expect(readEntries(storage, T0)).toEqual(['/home', '/new-name']);
  });

  it('a tab switched in place (?show=, replaced) leaves its page kept', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/jane']);
    recordNavigation(storage, { to: '/jane?show=photos', kind: 'REPLACE', from: '/jane' }, T0);
    recordNavigation(storage, { to: '/jane', kind: 'REPLACE', from: '/jane?show=photos' }, T0);
    expect(readEntries(storage, T0)).toEqual(['/home', '/jane']);
  });

  it("the browser's back button cuts the history back to the page it returns to; forward adds again", () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/post/1', '/jane']);
    recordNavigation(storage, { to: '/post/1', kind: 'POP' }, T0);
    expect(readEntries(storage, T0)).toEqual(['/home', '/post/1']);
    recordNavigation(storage, { to: '/jane', kind: 'POP' }, T0);
    expect(readEntries(storage, T0)).toEqual(['/home', '/post/1', '/jane']);
  });
});

describe('the 24-hour reset', () => {
  it('keeps a history last written 23 h 59 min ago, and exactly 24 h ago', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/post/1']);
    expect(readEntries(storage, T0 + 23 * 60 * MINUTE + 59 * MINUTE)).toEqual(['/home', '/post/1']);
    expect(readEntries(storage, T0 + RESET_AFTER_MS)).toEqual(['/home', '/post/1']);
  });

  it('starts empty when the last write is more than 24 hours old', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/post/1']);
    const later = T0 + RESET_AFTER_MS + 1;
    expect(readEntries(storage, later)).toEqual([]);
    expect(takeBackTarget(storage, '/jane', later)).toBeNull();
    visit(storage, ['/media'], later);
    expect(readEntries(storage, later)).toEqual(['/media']);
  });

  it('counts from the last write: a page a day keeps the history', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home'], T0);
    visit(storage, ['/post/1'], T0 + 20 * 60 * MINUTE);
    expect(readEntries(storage, T0 + 40 * 60 * MINUTE)).toEqual(['/home', '/post/1']);
  });
});

describe('takeBackTarget', () => {
  it('walks back one page at a time, then has nowhere to go', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/post/1', '/jane']);
    expect(takeBackTarget(storage, '/jane', T0)).toBe('/post/1');
    recordNavigation(storage, { to: '/post/1', kind: 'POP' }, T0);
    expect(takeBackTarget(storage, '/post/1', T0)).toBe('/home');
    recordNavigation(storage, { to: '/home', kind: 'REPLACE', from: '/post/1' }, T0);
    expect(takeBackTarget(storage, '/home', T0)).toBeNull();
    expect(readEntries(storage, T0)).toEqual([]);
  });

  it('from a ?show= tab, goes past the tab and its page to the page before', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/post/1', '/jane']);
    recordNavigation(storage, { to: '/jane?show=photos', kind: 'REPLACE', from: '/jane' }, T0);
    expect(takeBackTarget(storage, '/jane?show=photos', T0)).toBe('/post/1');
  });

  it('from a skipped page, leads to the newest kept page', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/home', '/post/1', '/settings', '/settings/privacy']);
    expect(takeBackTarget(storage, '/settings/privacy', T0)).toBe('/post/1');
  });

  it('from a page opened with no history, has nowhere to go (the caller falls back to /home)', () => {
    const storage = new MemoryStorage();
    visit(storage, ['/post/9']);
    expect(takeBackTarget(storage, '/post/9', T0)).toBeNull();
    expect(takeBackTarget(new MemoryStorage(), '/post/9', T0)).toBeNull();
  });

  it('treats corrupt or foreign data as no history, and writes a good one after', () => {
    for (const junk of ['{not json', 'null', '42', '{"entries":["/home"]}', '{"updatedAt":1}']) {
      const storage = new MemoryStorage();
      storage.setItem(BACK_HISTORY_KEY, junk);
      expect(readEntries(storage, T0)).toEqual([]);
      expect(takeBackTarget(storage, '/post/1', T0)).toBeNull();
      visit(storage, ['/home']);
      expect(readEntries(storage, T0)).toEqual(['/home']);
    }
    const mixed = new MemoryStorage();
    mixed.setItem(BACK_HISTORY_KEY, JSON.stringify({ updatedAt: T0, entries: ['/home', 7, null] }));
    expect(readEntries(mixed, T0)).toEqual(['/home']);
  });

  it('works without storage: refused or absent', () => {
    for (const storage of [refusing, null]) {
      expect(() => visit(storage, ['/home', '/post/1'])).not.toThrow();
      expect(readEntries(storage, T0)).toEqual([]);
      expect(takeBackTarget(storage, '/post/1', T0)).toBeNull();
    }
  });
});

describe('walking back, for any session', () => {
  const urls = [
    '/home',
    '/post/1',
    '/post/2',
    '/jane',
    '/jane?show=photos',
    '/settings/about',
    '/login',
    '/messages/c1',
    '/create/comment/1?goBack=detail',
  ];

  /** What the history should hold: kept pages, none twice in a row, the newest 50. */
  function model(visits: string[]): string[] {
    const kept: string[] = [];
    for (const url of visits) if (!isSkipped(url) && kept.at(-1) !== url) kept.push(url);
    return kept.slice(-MAX_ENTRIES);
  }

  it('Back visits the kept pages newest first, never a skipped one, then ends', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...urls), { minLength: 1, maxLength: 80 }), (visits) => {
        const storage = new MemoryStorage();
        visit(storage, visits);
        const kept = model(visits);
        expect(readEntries(storage, T0)).toEqual(kept);

        let current = visits.at(-1)!;
        const expected = [...kept].reverse();
        if (expected[0] === pageOf(current)) expected.shift();
        const walked: string[] = [];
        for (let target = takeBackTarget(storage, current, T0); target !== null;) {
          walked.push(target);
          recordNavigation(storage, { to: target, kind: 'POP' }, T0);
          current = target;
          target = takeBackTarget(storage, current, T0);
        }
        expect(walked).toEqual(expected);
      }),
    );
  });
});
