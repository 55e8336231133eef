import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_POSTS, markServerDrawnPosts, usePostsShown } from './first-posts';

/** The list that replaces the server's first posts draws them a few at a time (ADR 067, ADR 071). */
function Shown({ count, seen }: { count: number; seen: number[] }) {
  const shown = usePostsShown(count);
  seen.push(Math.min(shown, count));
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the first posts drawn', () => {
  it('as many as the server drew, then two more per commit, each its own task', async () => {
    vi.useFakeTimers();
    markServerDrawnPosts();
    const seen: number[] = [];
    render(<Shown count={9} seen={seen} />);
    expect(seen.at(-1)).toBe(FIRST_POSTS);
    const steps = [FIRST_POSTS];
    while (steps.at(-1)! < 9) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      steps.push(seen.at(-1)!);
    }
    expect(steps).toEqual([4, 6, 8, 9]);
  });

  it('draws a list whole when the server drew nothing, and only the first list of a load in steps', () => {
    const seen: number[] = [];
    render(<Shown count={25} seen={seen} />);
    expect(seen.at(-1)).toBe(25);
    markServerDrawnPosts();
    const first: number[] = [];
    const second: number[] = [];
    render(<Shown count={25} seen={first} />);
    render(<Shown count={25} seen={second} />);
    expect(first.at(-1)).toBe(FIRST_POSTS);
    expect(second.at(-1)).toBe(25);
  });
});
