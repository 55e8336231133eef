import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { fullTime, timeAgo } from './time';

const now = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('timeAgo', () => {
  it('says "just now" under a minute, not "0 seconds ago"', () => {
    expect(MESSAGES.posts.justNow).toBe('just now');
    for (const seconds of [0, 1, 30, 59]) {
      expect(timeAgo(now - seconds * 1000, now)).toBe('just now');
    }
  });

  it('a clock a little ahead (the server said later than now) is still just now', () => {
    expect(timeAgo(now + 2_000, now)).toBe('just now');
  });

  it('counts minutes, hours and days after that', () => {
    expect(timeAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(timeAgo(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(timeAgo(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(timeAgo(now - 2 * 86_400_000, now)).toBe('2 days ago');
  });
});

describe('fullTime', () => {
  it('writes any date as en-US does in the reader’s time zone', () => {
    // ICU puts a narrow no-break space before AM/PM; the tooltip's plain space reads the same.
    const enUs = (d: Date) => d.toLocaleString('en-US').replace(/\s/g, ' ');
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1971, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (d) => {
          expect(fullTime(d)).toBe(enUs(d));
        },
      ),
    );
    expect(fullTime(new Date(2026, 10, 27, 0, 5, 9))).toBe('11/27/2026, 12:05:09 AM');
    expect(fullTime(new Date(2026, 10, 27, 12, 0, 0))).toBe('11/27/2026, 12:00:00 PM');
  });
});
