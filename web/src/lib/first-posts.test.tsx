import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_POSTS, markServerDrawnPosts, usePostsShown } from './first-posts';

/**
 * The list that replaces the server's first posts draws them in small commits;
 * every other list draws whole. What the page looks like is e2e/feed-loading.
 */

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Shown({ count }: { count: number }) {
  const shown = usePostsShown(count);
  return <p>{Math.min(shown, count)}</p>;
}

describe('usePostsShown', () => {
  it('draws a list whole when the server drew nothing', () => {
    render(<Shown count={25} />);
    expect(screen.getByText('25')).toBeTruthy();
  });

  it('draws the first posts as the server did, then a few more per task until all are in, once a page load', async () => {
    vi.useFakeTimers();
    markServerDrawnPosts();
    const { rerender } = render(<Shown count={10} />);
    expect(screen.getByText(String(FIRST_POSTS))).toBeTruthy();
    const seen = [FIRST_POSTS];
    for (let i = 0; i < 5; i++) {
      await act(() => vi.advanceTimersByTimeAsync(0));
      seen.push(Number(screen.getByRole('paragraph').textContent));
    }
    expect(seen).toEqual([4, 8, 10, 10, 10, 10]);
    // The next page comes whole.
    rerender(<Shown count={25} />);
    expect(screen.getByText('25')).toBeTruthy();
    cleanup();
    // A list mounted later (a page returned to) draws whole.
    render(<Shown count={10} />);
    expect(screen.getByText('10')).toBeTruthy();
  });

  it('draws a page no longer than the server’s whole, and the next page with it', () => {
    markServerDrawnPosts();
    const { rerender } = render(<Shown count={3} />);
    expect(screen.getByText('3')).toBeTruthy();
    rerender(<Shown count={18} />);
    expect(screen.getByText('18')).toBeTruthy();
  });
});
