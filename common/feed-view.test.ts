import { describe, expect, it } from 'vitest';
import { FEED_VIEW_COOKIE, feedViewFromCookies, feedViewOf } from './feed-view';

describe("the feed's view from a cookie (ADR 047)", () => {
  it('reads grid from its cookie among others, and the list for anything else', () => {
    expect(feedViewFromCookies(`a=1; ${FEED_VIEW_COOKIE}=grid; b=2`)).toBe('grid');
    expect(feedViewFromCookies(`${FEED_VIEW_COOKIE}=list`)).toBe('list');
    expect(feedViewFromCookies(`${FEED_VIEW_COOKIE}=<script>`)).toBe('list');
    expect(feedViewFromCookies('')).toBe('list');
    expect(feedViewOf(undefined)).toBe('list');
    expect(feedViewOf('grid')).toBe('grid');
  });
});
